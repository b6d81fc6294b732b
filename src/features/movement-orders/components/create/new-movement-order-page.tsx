import { Alert, Stack } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import { useCreateMovementOrder } from '../../api/movement-orders.mutations';
import { LinesEditor, type FocusRequest } from './lines-editor';
import { controlId, MovementFields } from './movement-fields';
import { checkMovement, checkOrder, type FieldErrors } from '../../model/create/order-check';
import { hasDestinationAndRules, LINE_FIELDS, type LineField, type MovementDraft, type OrderDraft } from '../../model/create/order-draft';
import { MovementTabs, OrderIntro, SendBar, VersionField } from './order-form-sections';
import { useOrderEditor } from '../../model/create/use-order-editor';
import { WriteOffRulesEditor } from './write-off-rules-editor';
import { useMissingScope } from '../../../../lib/scope-gate';
import { useConsoleSession } from '../../../../lib/session/session-context';

const NO_ERRORS: FieldErrors = new Map();
const isLineField = (v: string | undefined): v is LineField => (LINE_FIELDS as readonly string[]).includes(v ?? '');

/** The header and rule errors of every movement, checked without the lines: cheap enough for every key press. */
function headerErrors(order: OrderDraft): Map<string, string> {
  const errors = new Map<string, string>();
  order.movements.forEach((m, i) => {
    for (const [key, message] of checkMovement({ ...m, lines: [] }, i)) if (!key.startsWith(`${i}.lines`)) errors.set(key, message);
  });
  return errors;
}

interface Sent {
  referenceId: string;
  externalReferences: string[];
}

/**
 * New movement order: one MovementIngest with one or more movements (a tab each), checked against
 * every documented rule before sending, kept as a draft per user until sent, then followed live.
 */
export function NewMovementOrderPage({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('movementOrders');
  // Drafts are kept in the user's own storage: the same browser can be shared by colleagues.
  const editor = useOrderEditor(useConsoleSession().storage);
  const { order } = editor;
  const [tab, setTab] = useState(0);
  const activeTab = Math.min(tab, order.movements.length - 1);
  const movement = order.movements[activeTab];
  const [submitErrors, setSubmitErrors] = useState<FieldErrors>(NO_ERRORS);
  const [attempted, setAttempted] = useState(false);
  const [lineFocus, setLineFocus] = useState<FocusRequest | undefined>(undefined);
  const [sent, setSent] = useState<Sent | undefined>(undefined);
  const mutation = useCreateMovementOrder();
  const canCreate = isAllowed(roles, 'POST /v1/movementorders');
  const missingScope = useMissingScope('create:wms');

  // After a send attempt the header and rule errors follow the typing (lines check themselves per row).
  const errors = useMemo(() => {
    if (!attempted) return NO_ERRORS;
    const next = headerErrors(order);
    for (const [key, message] of submitErrors) if (/\.lines$/.test(key)) next.set(key, message);
    return next;
  }, [attempted, order, submitErrors]);

  // Focus goes to the first error once its movement is shown (a line's cell: the lines editor scrolls to it).
  const pendingFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    const key = pendingFocus.current;
    const element = key && document.getElementById(controlId(key));
    if (!element) return;
    pendingFocus.current = undefined;
    const target = element.matches('input, select, textarea, button')
      ? element
      : (element.querySelector<HTMLElement>('input:checked, input, select, button') ?? element);
    target.focus();
  });

  const focusFirst = (key: string) => {
    setTab(Number(key.split('.')[0]));
    const line = /^\d+\.lines\.(\d+)\.(\w+)$/.exec(key);
    if (line && isLineField(line[2])) setLineFocus({ line: Number(line[1]), field: line[2] });
    else pendingFocus.current = key;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = checkOrder(order);
    setAttempted(true);
    if (!result.ok) {
      setSubmitErrors(result.errors);
      const first = result.errors.keys().next().value;
      if (first !== undefined) focusFirst(first);
      return;
    }
    setSubmitErrors(NO_ERRORS);
    mutation.mutate(result.ingest, {
      onSuccess: (ack) => {
        setSent({ referenceId: ack.referenceId, externalReferences: result.ingest.movements.map((m) => m.externalReference) });
        setAttempted(false);
        setTab(0);
        editor.reset();
      },
    });
  };

  const errorCount = attempted ? errors.size + countLineErrors(submitErrors) : 0;
  return (
    <Stack>
      <OrderIntro canCreate={canCreate} sent={sent} restoredAt={editor.restoredAt} onDiscardDraft={editor.reset} />
      <form onSubmit={submit} noValidate aria-label={t('new.title')}>
        <Stack>
          {errorCount > 0 && (
            <Alert color="red" role="alert" title={t('new.notYet')}>
              {t('new.fixMarked')}
            </Alert>
          )}
          <MovementTabs
            labels={order.movements.map((m, i) => movementLabel(m, i, t))}
            active={activeTab}
            onSelect={setTab}
            onAdd={editor.addMovement}
            onRemove={editor.removeMovement}
          />
          {movement && (
            <Stack gap="lg" key={movement.key}>
              <MovementFields index={activeTab} movement={movement} errors={errors} onChange={editor.updateMovement} />
              {hasDestinationAndRules(movement.movementType) && (
                <WriteOffRulesEditor index={activeTab} rules={movement.writeOffRules} errors={errors} onChange={editor.updateMovement} />
              )}
              <LinesEditor
                movementIndex={activeTab}
                movement={movement}
                showErrors={attempted}
                listError={errors.get(`${activeTab}.lines`)}
                focusRequest={lineFocus}
                editor={editor}
              />
            </Stack>
          )}
          <VersionField value={order.version} onChange={editor.setVersion} />
          <SendBar
            missingScope={missingScope}
            canCreate={canCreate}
            pending={mutation.isPending}
            error={mutation.isError ? mutation.error : undefined}
          />
        </Stack>
      </form>
    </Stack>
  );
}

const movementLabel = (m: MovementDraft, i: number, t: TFunction<'movementOrders'>): string =>
  m.externalReference
    ? t('new.movementWithReference', { n: String(i + 1), type: m.movementType, reference: m.externalReference })
    : t('new.movement', { n: String(i + 1), type: m.movementType });
const countLineErrors = (errors: FieldErrors): number => [...errors.keys()].filter((k) => /\.lines\.\d+\./.test(k)).length;
