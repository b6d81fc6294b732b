import { Button, Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { usePickerWording } from '../../../../components/dates-locale';
import { INGEST_CHANNELS, INGEST_MESSAGE_TYPES, INGEST_OUTCOMES } from '../../../../contract/ingest-history';
import { historySearchSchema, type HistorySearch } from '../../model/history/history-search';

const CHANNEL_LABELS: Record<(typeof INGEST_CHANNELS)[number], string> = { https: 'HTTPS', ftps: 'FTPS' };

/** Channel, type, outcome and a day range; every change goes to the URL (validated there with historySearchSchema). */
export function HistoryFilters({ search, onSearch }: { search: HistorySearch; onSearch: (next: HistorySearch) => void }) {
  const { t } = useTranslation('ingestion');
  const wording = usePickerWording();
  const set = (patch: Record<string, string | null>) => {
    const next = historySearchSchema.parse({
      ...search,
      ...Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v || undefined])),
    });
    onSearch(next);
  };
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('filters.channel')}
        placeholder={t('filters.any')}
        clearable
        data={INGEST_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
        value={search.channel ?? null}
        onChange={(v) => set({ channel: v })}
        w={130}
      />
      <Select
        label={t('filters.messageType')}
        placeholder={t('filters.any')}
        clearable
        data={[...INGEST_MESSAGE_TYPES]}
        value={search.type ?? null}
        onChange={(v) => set({ type: v })}
        w={260}
      />
      <Select
        label={t('filters.outcome')}
        placeholder={t('filters.any')}
        clearable
        data={INGEST_OUTCOMES.map((o) => ({ value: o, label: t(`filters.outcomes.${o}`) }))}
        value={search.outcome ?? null}
        onChange={(v) => set({ outcome: v })}
        w={160}
      />
      <DatePickerInput
        label={t('filters.from')}
        valueFormat={wording.date}
        ariaLabels={wording.ariaLabels}
        placeholder={t('filters.anyDay')}
        clearable
        value={search.from ?? null}
        onChange={(v) => set({ from: v })}
        w={170}
      />
      <DatePickerInput
        label={t('filters.to')}
        valueFormat={wording.date}
        ariaLabels={wording.ariaLabels}
        placeholder={t('filters.anyDay')}
        clearable
        value={search.to ?? null}
        onChange={(v) => set({ to: v })}
        w={170}
      />
      <Button variant="subtle" onClick={() => onSearch({})} disabled={Object.values(search).every((v) => v === undefined)}>
        {t('filters.clear')}
      </Button>
    </Group>
  );
}
