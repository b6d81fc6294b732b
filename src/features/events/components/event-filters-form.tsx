import { Autocomplete, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PICKER_DATE_TIME_FORMAT } from '../../../lib/format';
import { KNOWN_EVENT_SUB_TYPES, KNOWN_EVENT_TYPES, isKnownEventType } from '../../../contract/events';
import { LIVE_EVENT_TYPES } from '../../../contract/live';
import { fromLocalInput, toLocalInput, type EventsSearch } from '../model/event-filters';

const TYPES = [...new Set<string>([...KNOWN_EVENT_TYPES, ...LIVE_EVENT_TYPES])];

interface Values {
  type: string;
  subType: string;
  declarationId: string;
  reference: string;
  from: string;
  to: string;
}

const valuesOf = (f: EventsSearch): Values => ({
  type: f.type ?? '',
  subType: f.subType ?? '',
  declarationId: f.declarationId ?? '',
  reference: f.reference ?? '',
  from: toLocalInput(f.from),
  to: toLocalInput(f.to),
});

const blank = (s: string): string | undefined => (s.trim() === '' ? undefined : s.trim());

/** The filters of /events; applied to the URL on submit (so a filtered view is a link). */
export function EventFiltersForm({ filters, onApply }: { filters: EventsSearch; onApply: (next: EventsSearch) => void }) {
  const { t } = useTranslation('events');
  const [values, setValues] = useState(() => valuesOf(filters));
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const subTypes = isKnownEventType(values.type) ? KNOWN_EVENT_SUB_TYPES[values.type] : [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({
      type: blank(values.type),
      subType: blank(values.subType),
      declarationId: blank(values.declarationId),
      reference: blank(values.reference),
      from: fromLocalInput(values.from),
      to: fromLocalInput(values.to),
    });
  };

  return (
    <form onSubmit={submit} aria-label={t('filters.form')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <Autocomplete
          label={t('filters.type')}
          data={TYPES}
          value={values.type}
          onChange={set('type')}
          placeholder={t('filters.anyType')}
        />
        <Autocomplete
          label={t('filters.subtype')}
          data={[...subTypes]}
          value={values.subType}
          onChange={set('subType')}
          placeholder={t('filters.anySubtype')}
        />
        <TextInput
          label={t('filters.declarationId')}
          value={values.declarationId}
          onChange={(e) => set('declarationId')(e.currentTarget.value)}
        />
        <TextInput
          label={t('filters.reference')}
          description={t('filters.referenceHelp')}
          value={values.reference}
          onChange={(e) => set('reference')(e.currentTarget.value)}
        />
        <DateTimePicker
          label={t('filters.from')}
          valueFormat={PICKER_DATE_TIME_FORMAT}
          clearable
          placeholder={t('filters.anyTime')}
          value={values.from || null}
          onChange={(v) => set('from')(v ?? '')}
        />
        <DateTimePicker
          label={t('filters.to')}
          valueFormat={PICKER_DATE_TIME_FORMAT}
          clearable
          placeholder={t('filters.anyTime')}
          value={values.to || null}
          onChange={(v) => set('to')(v ?? '')}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit">{t('filters.apply')}</Button>
        <Button
          variant="default"
          onClick={() => {
            setValues(valuesOf({}));
            onApply({});
          }}
        >
          {t('filters.clear')}
        </Button>
      </Group>
    </form>
  );
}
