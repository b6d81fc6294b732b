import { ActionIcon, Button, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { VirtualRows, type VirtualRowsHandle } from '../forms/virtual-rows';
import type { FormulaFormValues } from '../../model/formula/formula-form-model';
import { issueText } from '../../model/ingestion-wording';

const ROW_HEIGHT = 44;

type ListName = 'formulaLines' | 'secondaryProducts';

interface RowProps {
  list: ListName;
  index: number;
  register: UseFormRegister<FormulaFormValues>;
  errors: FieldErrors<FormulaFormValues>;
  onRemove: () => void;
}

/** One formula line or secondary product: item, quantity, unit (and isWaste), errors under each field. */
export function FormulaRow({ list, index, register, errors, onRemove }: RowProps) {
  const { t } = useTranslation('ingestion');
  const issue = (message: string | undefined) => issueText(message, t);
  const n = index + 1;
  const rowErrors = errors[list]?.[index];
  const wasteError = list === 'secondaryProducts' ? errors.secondaryProducts?.[index]?.isWaste?.message : undefined;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" py={4} data-testid={`${list}-row`}>
      <TextInput
        {...register(`${list}.${index}.itemId`)}
        aria-label={t('formula.row.itemId', { list, n })}
        placeholder={t('formula.row.itemIdPlaceholder')}
        error={issue(rowErrors?.itemId?.message)}
        style={{ flex: 3 }}
      />
      <TextInput
        {...register(`${list}.${index}.quantity`)}
        aria-label={t('formula.row.quantity', { list, n })}
        placeholder={t('formula.row.quantityPlaceholder')}
        inputMode="decimal"
        error={issue(rowErrors?.quantity?.message)}
        style={{ flex: 2 }}
      />
      <TextInput
        {...register(`${list}.${index}.uom`)}
        aria-label={t('formula.row.unit', { list, n })}
        placeholder={t('formula.row.unitPlaceholder')}
        error={issue(rowErrors?.uom?.message)}
        style={{ flex: 1 }}
      />
      {list === 'secondaryProducts' && (
        <NativeSelect
          {...register(`secondaryProducts.${index}.isWaste`)}
          aria-label={t('formula.row.isWaste', { n })}
          data={[
            { value: '', label: t('formula.choose') },
            { value: 'false', label: t('formula.row.economicValue') },
            { value: 'true', label: t('formula.row.waste') },
          ]}
          error={issue(wasteError)}
          style={{ flex: 2 }}
        />
      )}
      <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={t('formula.row.remove', { list, n })}>
        ×
      </ActionIcon>
    </Group>
  );
}

interface SectionProps {
  list: ListName;
  title: string;
  addLabel: string;
  hint?: string;
  count: number;
  max: number;
  onAdd: () => void;
  /** An error of the list as a whole (too many rows, none). */
  error: string | undefined;
  handle: Ref<VirtualRowsHandle>;
  renderRow: (index: number) => ReactNode;
}

/** The formula lines or the secondary products: heading with the count and its limit, add button, the virtualised rows. */
export function FormulaListSection({ list, title, addLabel, hint, count, max, onAdd, error, handle, renderRow }: SectionProps) {
  const { t } = useTranslation('ingestion');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={3} size="h4" id={headingId}>
          {t('formula.listHeading', { title, count: String(count), max: String(max) })}
        </Title>
        <Button variant="light" size="xs" onClick={onAdd} disabled={count >= max}>
          {addLabel}
        </Button>
      </Group>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      {error && (
        <Text c="red" size="sm" role="alert" data-path={list} tabIndex={-1}>
          {t('formula.listError', { list, error })}
        </Text>
      )}
      {count > 0 && <VirtualRows handle={handle} label={title} count={count} estimateSize={ROW_HEIGHT} renderRow={renderRow} />}
    </section>
  );
}
