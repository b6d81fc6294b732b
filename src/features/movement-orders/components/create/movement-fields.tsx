import { NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { memo } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { PICKER_DATE_TIME_SECONDS_FORMAT } from '../../../../lib/format';
import { fromPickerValue, toPickerValue } from '../../model/create/timestamp-picker';
import { CUSTOMS_DESTINATIONS, MOVEMENT_CATEGORIES, MOVEMENT_TYPES, type MovementType } from '../../../../contract/movement-orders';
import { validationText } from '../../model/create/validation-text';
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
  const { t } = useTranslation('movementOrders');
  const type = movement.movementType;
  const key = (field: string) => `${index}.${field}`;
  const error = (field: string) => validationText(errors.get(key(field)), t);
  const shown = {
    movementType: error('movementType'),
    timestamp: error('timestamp'),
    customsDestination: error('customsDestination'),
    category: error('category'),
  };
  const set = (field: HeaderField) => (value: string) => onChange(index, (m) => ({ ...m, [field]: value }));
  const text = (field: HeaderField, label: string, extra: { description?: string; required?: boolean; placeholder?: string } = {}) => (
    <TextInput
      id={controlId(key(field))}
      label={label}
      value={movement[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
      error={error(field)}
      autoComplete="off"
      {...extra}
    />
  );
  const categories = MOVEMENT_CATEGORIES.filter((c) => (c.types as readonly string[]).includes(type));

  return (
    <Stack>
      <Radio.Group
        id={controlId(key('movementType'))}
        label={t('form.movementType')}
        description={t('form.movementTypeHelp')}
        value={type}
        onChange={(v) => {
          if (isMovementType(v)) onChange(index, (m) => ({ ...m, movementType: v }));
        }}
        error={shown.movementType}
        withAsterisk
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs" spacing="xs">
          {MOVEMENT_TYPES.map((m) => (
            <Radio
              key={m.code}
              value={m.code}
              label={<span lang="en">{`${m.code} – ${m.meaning}`}</span>}
              description={t(`typeHelp.${m.code}`)}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {text('externalReference', t('header.externalReference'), { description: t('form.externalReferenceHelp'), required: true })}
        <DateTimePicker
          id={controlId(key('timestamp'))}
          label={t('form.timestamp')}
          description={t('form.timestampHelp')}
          withAsterisk
          withSeconds
          valueFormat={PICKER_DATE_TIME_SECONDS_FORMAT}
          placeholder={t('form.timestampPlaceholder')}
          value={toPickerValue(movement.timestamp)}
          onChange={(v) => set('timestamp')(v ? fromPickerValue(v) : '')}
          error={shown.timestamp}
        />
        {text('documentReference', t('header.documentReference'))}
        {text('externalMovementType', t('form.externalMovementType'))}
        {text('remark', t('header.remark'), { description: t('form.remarkHelp') })}
      </SimpleGrid>
      {hasDestinationAndRules(type) && (
        <NativeSelect
          id={controlId(key('customsDestination'))}
          label={t('header.customsDestination')}
          description={t('form.customsDestinationHelp')}
          data={[
            { value: '', label: t('form.none') },
            ...CUSTOMS_DESTINATIONS.map((d) => ({ value: d.code, label: `${d.code} – ${d.meaning}` })),
          ]}
          value={movement.customsDestination}
          onChange={(e) => set('customsDestination')(e.currentTarget.value)}
          error={shown.customsDestination}
          maw={640}
        />
      )}
      {hasAdjustment(type) && (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} mb={4}>
            {t('form.adjustment')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <NativeSelect
              id={controlId(key('category'))}
              label={t('form.category')}
              data={[
                { value: '', label: t('form.none') },
                ...categories.map((c) => ({
                  value: c.code,
                  label: t('form.categoryOption', { column: c.column, meaning: c.meaning, code: c.code }),
                })),
              ]}
              value={movement.category}
              onChange={(e) => set('category')(e.currentTarget.value)}
              error={shown.category}
            />
            {text('administrativeReferenceCode', t('form.arc'))}
            {text('arcSequenceNumber', t('form.arcSequence'))}
            {text('docRefNum', t('form.exportMrn'))}
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
