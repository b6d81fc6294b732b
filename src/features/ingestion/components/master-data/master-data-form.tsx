import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ApiError } from '../../../../lib/api-client';
import { applyServerErrors } from '../../../../lib/form-errors';
import { useSendMessage } from '../../api/ingestion.mutations';
import { contractResolver } from '../../model/forms/contract-resolver';
import { firstErrorPath, focusField } from '../../model/forms/focus-first-error';
import { SendOutcome } from '../forms/send-outcome';
import { readFormDraft, useFormDraft } from '../../model/forms/use-form-draft';
import { useConsoleSession } from '../../../../lib/session/session-context';
import {
  emptyRow,
  isMasterDataValues,
  masterDataFieldOf,
  masterDataSchema,
  masterDataValuesFrom,
  toMasterDataMessage,
  type ColumnSpec,
  type MasterDataFormValues,
  type MasterDataSpec,
} from '../../model/master-data/master-data-model';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { BUSINESS_PARTNER_ROLES } from '../../../../contract/ingestion';
import { issueText } from '../../model/ingestion-wording';
import { useMissingScope } from '../../../../lib/scope-gate';

const COLUMNS = [
  'itemId',
  'description',
  'commodityCode',
  'countryOfOrigin',
  'netMass',
  'uom',
  'exciseProductCode',
  'businessPartnerCode',
  'name',
  'eori',
  'vatNumber',
  'roles',
  'country',
] as const;
const HINTED = ['itemId', 'countryOfOrigin', 'businessPartnerCode', 'roles', 'country'] as const;
const isColumn = (name: string): name is (typeof COLUMNS)[number] => COLUMNS.some((c) => c === name);
const isHinted = (name: string): name is (typeof HINTED)[number] => HINTED.some((c) => c === name);

/** Article data or business partners: rows checked against the contract's model, sent as one message. */
export function MasterDataForm({ spec, loaded }: { spec: MasterDataSpec; loaded?: unknown }) {
  const { t } = useTranslation('ingestion');
  const session = useConsoleSession();
  const [initialValues] = useState<MasterDataFormValues>(() =>
    loaded === undefined
      ? (readFormDraft(session.storage, spec.name, isMasterDataValues) ?? { rows: [emptyRow(spec)] })
      : masterDataValuesFrom(spec, loaded),
  );
  const [resolver] = useState(() =>
    contractResolver<MasterDataFormValues, { rows: unknown[] }>(masterDataSchema(spec), toMasterDataMessage(spec)),
  );
  const form = useForm<MasterDataFormValues, unknown, { rows: unknown[] }>({
    defaultValues: initialValues,
    resolver,
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, formState, setError } = form;
  const rows = useFieldArray({ control, name: 'rows' });
  const draft = useFormDraft(form, spec.name);
  const send = useSendMessage(spec.path);
  const missingScope = useMissingScope('create:messages');
  const [referenceId, setReferenceId] = useState<string>();
  const root = useRef<HTMLFormElement>(null);
  const headingId = `${spec.name}-heading`;

  const focusFirstError = () => {
    const path = firstErrorPath(form.formState.errors, ['rows']);
    if (path) focusField(root.current, path);
  };
  useEffect(() => {
    if (loaded !== undefined) void form.trigger().then(() => requestAnimationFrame(focusFirstError));
    // Once, for the file this form was mounted with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const sendRows = async ({ rows: message }: { rows: unknown[] }) => {
    setReferenceId(undefined);
    const result = await send.mutateAsync(message).catch((e: unknown) => {
      // The service's own 400: its invalid-parameters land on the row fields they name, the rest above the button.
      if (e instanceof ApiError) {
        const general = applyServerErrors(setError, e.fieldErrors, { fieldOf: masterDataFieldOf(spec) });
        if (general.length > 0) setError('root', { type: 'server', message: general.join(' ') });
      }
      return undefined; // shown by send.error
    });
    if (!result) return;
    setReferenceId(result.referenceId);
    draft.clear();
  };
  const submit = (event: FormEvent) => void handleSubmit(sendRows, () => requestAnimationFrame(focusFirstError))(event);
  const e = formState.errors.rows;
  const rootError = formState.errors.root?.message;
  const columnLabel = (c: ColumnSpec) => (isColumn(c.name) ? t(`masterData.columns.${c.name}`) : c.label.toLowerCase());
  const columnHint = (c: ColumnSpec) =>
    c.description && isHinted(c.name) ? t(`masterData.hints.${c.name}`, { roles: BUSINESS_PARTNER_ROLES.join(', ') }) : c.description;

  return (
    <form ref={root} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack>
        <Title order={2} size="h3" id={headingId}>
          {t(`masterData.${spec.name}.title`)}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`masterData.${spec.name}.purpose`)}
        </Text>
        {(e?.root?.message ?? e?.message) && (
          <Text c="red" size="sm" role="alert" data-path="rows" tabIndex={-1}>
            {t('masterData.listError', { error: issueText(e.root?.message ?? e.message, t) })}
          </Text>
        )}
        {rows.fields.map((field, i) => (
          <Card withBorder key={field.id} data-testid={`${spec.name}-row`}>
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{t(`masterData.${spec.name}.row`, { n: i + 1 })}</Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => rows.remove(i)}
                aria-label={t(`masterData.${spec.name}.remove`, { n: i + 1 })}
              >
                {t('masterData.remove')}
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {spec.columns.map((c) => (
                <TextInput
                  key={c.name}
                  {...register(`rows.${i}.${c.name}`)}
                  label={t(`masterData.${spec.name}.field`, { n: i + 1, label: columnLabel(c) })}
                  withAsterisk={c.required}
                  description={columnHint(c)}
                  inputMode={c.kind === 'number' ? 'decimal' : undefined}
                  error={issueText(e?.[i]?.[c.name]?.message, t)}
                />
              ))}
            </SimpleGrid>
          </Card>
        ))}
        <Button variant="light" onClick={() => rows.append(emptyRow(spec))} style={{ alignSelf: 'flex-start' }}>
          {t(`masterData.${spec.name}.add`)}
        </Button>
        {rootError && (
          <Alert color="red" role="alert">
            {rootError}
          </Alert>
        )}
        <SendOutcome kind={spec.name} referenceId={referenceId} error={send.error} />
        <Group>
          <ScopeGatedButton missing={missingScope} type="submit" loading={send.isPending}>
            {t(`masterData.${spec.name}.send`)}
          </ScopeGatedButton>
        </Group>
      </Stack>
    </form>
  );
}
