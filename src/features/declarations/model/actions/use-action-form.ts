import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { z } from 'zod';
import type { DeclarationAction } from '../../../../contract/declaration-actions';
import { ApiError } from '../../../../lib/api-client';
import { setFieldErrors, splitServerErrors, valuePathMapping, type ServerFieldErrors } from '../../../../lib/form-errors';
import { useDeclarationAction, type ActionRequest } from '../../api/declarations.mutations';
import { contractResolver } from './contract-resolver';
import { catalogueMapping, type FieldCatalogue } from './field-catalogue';
import { catalogueInLanguage } from './catalogue-wording';
import { unmetRules, type UnmetRule } from './unmet-rules';
import { initialDraft, useActionDraft, type DraftState } from './use-action-draft';
import { useConsoleSession } from '../../../../lib/session/session-context';

export interface ActionFormOptions<Input extends FieldValues, Output> {
  declarationId: string;
  action: DeclarationAction;
  /** The contract schema: the same rules the sandbox answers 400 with. */
  schema: z.ZodType<Output>;
  catalogue: FieldCatalogue;
  /** Groups sent only when something was filled in (see prune-empty.ts). */
  optionalGroups?: readonly string[];
  defaults: Input;
  /** Long dialogs keep a draft; the form model schema re-reads it from storage. */
  draftSchema?: z.ZodType<Input>;
  /** Ask before sending (Invalidate). */
  confirm?: boolean;
  /** From the validated body to the request (path extras, items left empty dropped). */
  toRequest?: (body: Output) => ActionRequest;
  /** With the 202's body (a call held for approval says so in it). */
  onAccepted: (answer: unknown) => void;
  /** After Discard draft: the dialog starts again from the declaration's values. */
  onRestart: () => void;
}

export interface ActionFormState<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  unmet: UnmetRule[];
  onSubmit: (event?: FormEvent) => void;
  sending: boolean;
  /** A failure that is not about fields: shown with Retry, content kept. */
  failure: unknown;
  retry: (() => void) | undefined;
  /** Server field errors with no control of their own. */
  general: string[];
  draft: DraftState;
  /** Set while the user confirms a valid body. */
  confirming: boolean;
  confirmSend: () => void;
  cancelConfirm: () => void;
}

const NONE: readonly string[] = [];

/** Status codes where sending the same body again cannot help. */
const NOT_RETRYABLE = new Set([400, 403, 404, 409, 413, 415, 422]);

/**
 * One action dialog's form: react-hook-form over the contract schema, the live list of unmet
 * rules, the draft, an optional confirmation, and the 202 / 400 / other outcomes.
 */
export function useActionForm<Input extends FieldValues, Output>(
  options: ActionFormOptions<Input, Output>,
): ActionFormState<Input, Output> {
  const {
    declarationId,
    action,
    schema,
    catalogue: englishCatalogue,
    optionalGroups = NONE,
    defaults,
    draftSchema,
    confirm,
    onAccepted,
    onRestart,
  } = options;
  // Labels in the clerk's language, for "Still needed" and server field errors.
  const { t } = useTranslation('actions');
  const catalogue = useMemo(() => catalogueInLanguage(englishCatalogue, t), [englishCatalogue, t]);
  const { storage } = useConsoleSession();
  const [restored] = useState(() => initialDraft(storage, declarationId, action, draftSchema));
  // Stable for the dialog's life: `values` (typed, unlike defaultValues' deep partial) seeds the form once.
  const [initialValues] = useState(() => restored?.values ?? defaults);
  const form = useForm<Input, unknown, Output>({
    resolver: contractResolver(schema, optionalGroups),
    values: initialValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const draft = useActionDraft(form, {
    declarationId,
    action,
    enabled: draftSchema !== undefined,
    restoredAt: restored?.savedAt,
    defaults,
    onDiscarded: onRestart,
  });
  const mutation = useDeclarationAction(declarationId);
  const [pending, setPending] = useState<ActionRequest | undefined>(undefined);
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors<string> | undefined>(undefined);

  const values = useWatch({ control: form.control });
  const unmet = useMemo(() => unmetRules(schema, values, catalogue, optionalGroups), [schema, values, catalogue, optionalGroups]);

  const toRequest = options.toRequest;
  const send = useCallback(
    (request: ActionRequest) => {
      setServerErrors(undefined);
      mutation.mutate(request, {
        onSuccess: (answer) => {
          draft.clear();
          onAccepted(answer);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
            // Back to the form, where the refused values can be corrected.
            setPending(undefined);
            setServerErrors(splitServerErrors(error.fieldErrors, catalogueMapping(catalogue)));
          }
        },
      });
    },
    [mutation, draft, onAccepted, catalogue],
  );

  // The form is back on screen when these land, so the first one can take the focus.
  useEffect(() => {
    if (!serverErrors || pending) return;
    const { fieldOf } = valuePathMapping(form.getValues());
    // Only paths a control renders (the catalogue's order is kept).
    setFieldErrors(
      form.setError,
      serverErrors.onFields.flatMap(({ field, message }) => {
        const path = fieldOf(field);
        return path === undefined ? [] : [{ field: path, message }];
      }),
    );
  }, [serverErrors, pending, form]);

  const onSubmit = (event?: FormEvent) =>
    void form.handleSubmit((body) => {
      if (mutation.isPending) return;
      const request = toRequest ? toRequest(body) : { action, body };
      if (confirm) setPending(request);
      else send(request);
    })(event);

  const failure = mutation.error && !(serverErrors && serverErrors.onFields.length > 0) ? mutation.error : undefined;
  const last = mutation.variables;
  const retryable = failure !== undefined && last !== undefined && !(failure instanceof ApiError && NOT_RETRYABLE.has(failure.status));

  return {
    form,
    unmet,
    onSubmit,
    sending: mutation.isPending,
    failure,
    retry: retryable ? () => send(last) : undefined,
    general: serverErrors?.general ?? [],
    draft,
    confirming: pending !== undefined,
    confirmSend: () => pending && send(pending),
    cancelConfirm: () => setPending(undefined),
  };
}
