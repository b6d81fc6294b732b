import { Alert, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { FORMULA_LIMITS, PROCESSING_TYPES, type Formula } from '../../../../contract/formulas';
import { ApiError } from '../../../../lib/api-client';
import { applyServerErrors, valuePathMapping } from '../../../../lib/form-errors';
import { useSendMessage } from '../../api/ingestion.mutations';
import { firstErrorPath, focusField } from '../../model/forms/focus-first-error';
import { SendOutcome } from '../forms/send-outcome';
import { readFormDraft, useFormDraft } from '../../model/forms/use-form-draft';
import { useConsoleSession } from '../../../../lib/session/session-context';
import type { VirtualRowsHandle } from '../forms/virtual-rows';
import {
  emptyFormula,
  emptyLine,
  emptySecondaryProduct,
  formulaFormValuesFrom,
  formulaResolver,
  isFormulaFormValues,
  type FormulaFormValues,
} from '../../model/formula/formula-form-model';
import { FormulaListSection, FormulaRow } from './formula-rows';
import { issueText } from '../../model/ingestion-wording';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { useMissingScope } from '../../../../lib/scope-gate';

const HEADER_ORDER = [
  'itemId',
  'quantity',
  'uom',
  'processingType',
  'activeFromDate',
  'activeUntilDate',
  'version',
  'documentReference',
  'storageLocationReference',
];
const ORDER = [...HEADER_ORDER, 'formulaLines', 'secondaryProducts'];
/** An example value, the same in every language. */
const EXAMPLE_TIMESTAMP = '2026-01-01T00:00:00Z';

/**
 * A formula (POST /v1/formulas) with every rule of the specification checked before sending:
 * lengths, non-zero quantities, processing type, up to 9,999 lines and secondary products (each
 * with the required isWaste). The lists are virtualised; the draft is kept while editing.
 */
export function FormulaForm({ loaded }: { loaded?: unknown }) {
  const { t } = useTranslation('ingestion');
  const session = useConsoleSession();
  const [initialValues] = useState(() =>
    loaded === undefined
      ? (readFormDraft(session.storage, 'formula', isFormulaFormValues) ?? emptyFormula())
      : formulaFormValuesFrom(loaded),
  );
  const form = useForm<FormulaFormValues, unknown, Formula>({
    defaultValues: initialValues,
    resolver: formulaResolver,
    shouldFocusError: false,
    mode: 'onSubmit',
  });
  const { register, control, handleSubmit, formState, setError } = form;
  const lines = useFieldArray({ control, name: 'formulaLines' });
  const secondary = useFieldArray({ control, name: 'secondaryProducts' });
  const draft = useFormDraft(form, 'formula');
  const send = useSendMessage('/v1/formulas');
  const missingScope = useMissingScope('create:messages');
  const [referenceId, setReferenceId] = useState<string>();
  const root = useRef<HTMLFormElement>(null);
  const lineRows = useRef<VirtualRowsHandle>(null);
  const secondaryRows = useRef<VirtualRowsHandle>(null);

  const focusFirstError = () => {
    const path = firstErrorPath(form.formState.errors, ORDER);
    if (!path) return;
    const [list, index] = path.split('.');
    if (index !== undefined && /^\d+$/.test(index))
      (list === 'formulaLines' ? lineRows : secondaryRows).current?.scrollToIndex(Number(index));
    focusField(root.current, path);
  };

  const sendFormula = async (formula: Formula) => {
    setReferenceId(undefined);
    try {
      const { referenceId: id } = await send.mutateAsync(formula);
      setReferenceId(id);
      draft.clear();
    } catch (e) {
      // The service's own 400: its invalid-parameters land on the fields they name, the rest above the button.
      if (e instanceof ApiError) {
        const general = applyServerErrors(setError, e.fieldErrors, valuePathMapping(form.getValues()));
        if (general.length > 0) setError('root', { type: 'server', message: general.join(' ') });
      }
      requestAnimationFrame(focusFirstError);
    }
  };
  // A message opened from a file is checked at once: its problems show next to the fields.
  useEffect(() => {
    if (loaded !== undefined) void form.trigger().then(() => requestAnimationFrame(focusFirstError));
    // Once, for the file this form was mounted with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => void handleSubmit(sendFormula, () => requestAnimationFrame(focusFirstError))(event);

  const e = formState.errors;
  const listError = (name: 'formulaLines' | 'secondaryProducts') => issueText(e[name]?.message ?? e[name]?.root?.message, t);
  const issue = (message: string | undefined) => issueText(message, t);

  return (
    <form ref={root} onSubmit={submit} noValidate aria-labelledby="formula-heading">
      <Stack>
        <Title order={2} size="h3" id="formula-heading">
          {t('formula.heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('formula.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            {...register('itemId')}
            label={t('formula.itemId')}
            withAsterisk
            description={t('formula.itemIdHint', { max: String(FORMULA_LIMITS.itemIdLength) })}
            error={issue(e.itemId?.message)}
          />
          <TextInput
            {...register('quantity')}
            label={t('formula.quantity')}
            withAsterisk
            inputMode="decimal"
            description={t('formula.quantityHint')}
            error={issue(e.quantity?.message)}
          />
          <TextInput
            {...register('uom')}
            label={t('formula.uom')}
            withAsterisk
            description={t('formula.uomHint', { max: String(FORMULA_LIMITS.uomLength) })}
            error={issue(e.uom?.message)}
          />
          <NativeSelect
            {...register('processingType')}
            label={t('formula.processingType')}
            withAsterisk
            data={[
              { value: '', label: t('formula.choose') },
              ...PROCESSING_TYPES.map((p) => ({ value: p.code, label: `${p.code} ${p.meaning}` })),
            ]}
            error={issue(e.processingType?.message)}
          />
          <TextInput
            {...register('activeFromDate')}
            label={t('formula.activeFrom')}
            withAsterisk
            placeholder={EXAMPLE_TIMESTAMP}
            description={t('formula.iso')}
            error={issue(e.activeFromDate?.message)}
          />
          <TextInput
            {...register('activeUntilDate')}
            label={t('formula.activeUntil')}
            placeholder={t('formula.activeUntilPlaceholder')}
            description={t('formula.isoOptional')}
            error={issue(e.activeUntilDate?.message)}
          />
          <TextInput
            {...register('version')}
            label={t('formula.version')}
            description={t('formula.versionHint', { max: String(FORMULA_LIMITS.versionLength) })}
            error={issue(e.version?.message)}
          />
          <TextInput
            {...register('documentReference')}
            label={t('formula.documentReference')}
            error={issue(e.documentReference?.message)}
          />
          <TextInput
            {...register('storageLocationReference')}
            label={t('formula.storageLocation')}
            description={t('formula.storageLocationHint', { max: String(FORMULA_LIMITS.storageLocationReferenceLength) })}
            error={issue(e.storageLocationReference?.message)}
          />
        </SimpleGrid>

        <FormulaListSection
          list="formulaLines"
          title={t('formula.lines')}
          addLabel={t('formula.addLine')}
          count={lines.fields.length}
          max={FORMULA_LIMITS.formulaLines}
          onAdd={() => lines.append(emptyLine())}
          error={listError('formulaLines')}
          handle={lineRows}
          renderRow={(i) => (
            <FormulaRow
              key={lines.fields[i]?.id}
              list="formulaLines"
              index={i}
              register={register}
              errors={e}
              onRemove={() => lines.remove(i)}
            />
          )}
        />
        <FormulaListSection
          list="secondaryProducts"
          title={t('formula.secondary')}
          addLabel={t('formula.addSecondary')}
          hint={t('formula.secondaryHint')}
          count={secondary.fields.length}
          max={FORMULA_LIMITS.secondaryProducts}
          onAdd={() => secondary.append(emptySecondaryProduct())}
          error={listError('secondaryProducts')}
          handle={secondaryRows}
          renderRow={(i) => (
            <FormulaRow
              key={secondary.fields[i]?.id}
              list="secondaryProducts"
              index={i}
              register={register}
              errors={e}
              onRemove={() => secondary.remove(i)}
            />
          )}
        />

        {e.root?.message && (
          <Alert color="red" role="alert">
            {e.root.message}
          </Alert>
        )}
        <SendOutcome kind="formula" referenceId={referenceId} error={send.error} />
        <Group>
          <ScopeGatedButton missing={missingScope} type="submit" loading={send.isPending}>
            {t('formula.send')}
          </ScopeGatedButton>
        </Group>
      </Stack>
    </form>
  );
}
