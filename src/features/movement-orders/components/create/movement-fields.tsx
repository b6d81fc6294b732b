import { NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { memo } from 'react';
import { PICKER_DATE_TIME_SECONDS_FORMAT } from '../../../../lib/format';
import { fromPickerValue, toPickerValue } from '../../model/create/timestamp-picker';
import { CUSTOMS_DESTINATIONS, MOVEMENT_CATEGORIES, MOVEMENT_TYPES, type MovementType } from '../../../../contract/movement-orders';
import { MOVEMENT_TYPE_HELP } from '../../model/create/movement-type-help';
import { sameErrors } from '../../model/create/order-check';
import { hasAdjustment, hasDestinationAndRules, HEADER_FIELDS, type HeaderField, type MovementDraft } from '../../model/create/order-draft';

export const controlId = (key: string): string => `mo-${key.replace(/\./g, '-')}`;

interface Props {
  index: number;
  movement: MovementDraft;
  errors: ReadonlyMap<string, string>;
  onChange: (index: number, change: (m: MovementDraft) => MovementDraft) => void;
}

const TYPE_VALUES: readonly string[] = MOVEMENT_TYPES.map((t) => t.code);
const isMovementType = (v: string): v is MovementType => TYPE_VALUES.includes(v);

/** The movement's own fields: type (each explained), references, and the fields its type adds. */
function MovementFieldsInner({ index, movement, errors, onChange }: Props) {
  const type = movement.movementType;
  const key = (field: string) => `${index}.${field}`;
  const set = (field: HeaderField) => (value: string) => onChange(index, (m) => ({ ...m, [field]: value }));
  const text = (field: HeaderField, label: string, extra: { description?: string; required?: boolean; placeholder?: string } = {}) => (
    <TextInput
      id={controlId(key(field))}
      label={label}
      value={movement[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
      error={errors.get(key(field))}
      autoComplete="off"
      {...extra}
    />
  );
  const categories = MOVEMENT_CATEGORIES.filter((c) => (c.types as readonly string[]).includes(type));

  return (
    <Stack>
      <Radio.Group
        id={controlId(key('movementType'))}
        label="Movement type"
        description="What happens to the stock. The form shows the fields the type needs."
        value={type}
        onChange={(v) => {
          if (isMovementType(v)) onChange(index, (m) => ({ ...m, movementType: v }));
        }}
        error={errors.get(key('movementType'))}
        withAsterisk
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs" spacing="xs">
          {MOVEMENT_TYPES.map((t) => (
            <Radio key={t.code} value={t.code} label={`${t.code} – ${t.meaning}`} description={MOVEMENT_TYPE_HELP[t.code]} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {text('externalReference', 'External reference', {
          description: 'Your unique reference for this movement (warehouse system)',
          required: true,
        })}
        <DateTimePicker
          id={controlId(key('timestamp'))}
          label="Date and time"
          description="When the stock moved (your local time; sent as UTC)"
          withAsterisk
          withSeconds
          valueFormat={PICKER_DATE_TIME_SECONDS_FORMAT}
          placeholder="Pick date and time"
          value={toPickerValue(movement.timestamp)}
          onChange={(v) => set('timestamp')(v ? fromPickerValue(v) : '')}
          error={errors.get(key('timestamp'))}
        />
        {text('documentReference', 'Document reference')}
        {text('externalMovementType', 'Movement type in your warehouse system')}
        {text('remark', 'Remark', { description: 'Shown in the excise register' })}
      </SimpleGrid>
      {hasDestinationAndRules(type) && (
        <NativeSelect
          id={controlId(key('customsDestination'))}
          label="Customs destination"
          description="Only for RFFC and ADJN"
          data={[{ value: '', label: 'None' }, ...CUSTOMS_DESTINATIONS.map((d) => ({ value: d.code, label: `${d.code} – ${d.meaning}` }))]}
          value={movement.customsDestination}
          onChange={(e) => set('customsDestination')(e.currentTarget.value)}
          error={errors.get(key('customsDestination'))}
          maw={640}
        />
      )}
      {hasAdjustment(type) && (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} mb={4}>
            Tax warehouse adjustment
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <NativeSelect
              id={controlId(key('category'))}
              label="Category (excise register column)"
              data={[
                { value: '', label: 'None' },
                ...categories.map((c) => ({ value: c.code, label: `Column ${c.column}: ${c.meaning} (${c.code})` })),
              ]}
              value={movement.category}
              onChange={(e) => set('category')(e.currentTarget.value)}
              error={errors.get(key('category'))}
            />
            {text('administrativeReferenceCode', 'ARC of the e-AD')}
            {text('arcSequenceNumber', 'ARC sequence number')}
            {text('docRefNum', 'MRN of the export declaration')}
          </SimpleGrid>
        </fieldset>
      )}
    </Stack>
  );
}

/** Renders again only when a field of its own, its type or its errors change: typing in the lines does not touch it. */
export const MovementFields = memo(
  MovementFieldsInner,
  (a, b) =>
    a.index === b.index &&
    sameErrors(a.errors, b.errors) &&
    a.onChange === b.onChange &&
    a.movement.movementType === b.movement.movementType &&
    HEADER_FIELDS.every((f) => a.movement[f] === b.movement[f]),
);
