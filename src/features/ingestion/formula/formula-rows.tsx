import { ActionIcon, Group, NativeSelect, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { FormulaFormValues } from './formula-form-model';

type ListName = 'formulaLines' | 'secondaryProducts';

const WASTE_OPTIONS = [
  { value: '', label: 'Choose…' },
  { value: 'false', label: 'No: economic value' },
  { value: 'true', label: 'Yes: waste' },
];

interface RowProps {
  list: ListName;
  index: number;
  register: UseFormRegister<FormulaFormValues>;
  errors: FieldErrors<FormulaFormValues>;
  onRemove: () => void;
}

/** One formula line or secondary product: item, quantity, unit (and isWaste), errors under each field. */
export function FormulaRow({ list, index, register, errors, onRemove }: RowProps) {
  const what = list === 'formulaLines' ? 'Line' : 'Secondary product';
  const n = index + 1;
  const rowErrors = errors[list]?.[index];
  const wasteError = list === 'secondaryProducts' ? errors.secondaryProducts?.[index]?.isWaste?.message : undefined;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" py={4} data-testid={`${list}-row`}>
      <TextInput {...register(`${list}.${index}.itemId`)} aria-label={`${what} ${n} item id`} placeholder="Item id" error={rowErrors?.itemId?.message} style={{ flex: 3 }} />
      <TextInput
        {...register(`${list}.${index}.quantity`)}
        aria-label={`${what} ${n} quantity`}
        placeholder="Quantity"
        inputMode="decimal"
        error={rowErrors?.quantity?.message}
        style={{ flex: 2 }}
      />
      <TextInput {...register(`${list}.${index}.uom`)} aria-label={`${what} ${n} unit`} placeholder="Unit" error={rowErrors?.uom?.message} style={{ flex: 1 }} />
      {list === 'secondaryProducts' && (
        <NativeSelect {...register(`secondaryProducts.${index}.isWaste`)} aria-label={`${what} ${n} is waste`} data={WASTE_OPTIONS} error={wasteError} style={{ flex: 2 }} />
      )}
      <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={`Remove ${what.toLowerCase()} ${n}`}>
        ×
      </ActionIcon>
    </Group>
  );
}
