import { Button, Checkbox, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { OwnerFilter } from '../../../components/owner-filter';
import { DASHBOARD_RANGES, type DashboardRange, type DashboardSearch } from '../model/dashboard-search';

const rangeOf = (v: string): DashboardRange | undefined => DASHBOARD_RANGES.find((r) => r === v);

/** Time range, flow, jurisdiction, direction, office, owner and the comparison; applied to the address. */
export function DashboardFilters({ search, onApply }: { search: DashboardSearch; onApply: (next: DashboardSearch) => void }) {
  const { t } = useTranslation('dashboard');
  const [draft, setDraft] = useState<DashboardSearch>(search);
  const set = (patch: Partial<DashboardSearch>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (v: string) => (v.trim() ? v.trim() : undefined);
  return (
    <form
      aria-label={t('filters.form')}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <Group align="end" wrap="wrap">
        <SegmentedControl
          aria-label={t('filters.range')}
          value={draft.range ?? '30d'}
          data={DASHBOARD_RANGES.map((r) => ({ value: r, label: t(`filters.ranges.${r}`) }))}
          onChange={(v) => {
            const range = rangeOf(v);
            const next = { ...draft, range };
            setDraft(next);
            if (range !== 'custom') onApply(next);
          }}
        />
        {draft.range === 'custom' && (
          <>
            <TextInput
              type="date"
              label={t('filters.from')}
              value={draft.from ?? ''}
              onChange={(e) => set({ from: text(e.currentTarget.value) })}
            />
            <TextInput
              type="date"
              label={t('filters.to')}
              value={draft.to ?? ''}
              onChange={(e) => set({ to: text(e.currentTarget.value) })}
            />
          </>
        )}
        <TextInput
          label={t('filters.customsFlow')}
          value={draft.flow ?? ''}
          onChange={(e) => set({ flow: text(e.currentTarget.value) })}
          w={160}
        />
        <TextInput
          label={t('filters.jurisdiction')}
          value={draft.jurisdiction ?? ''}
          onChange={(e) => set({ jurisdiction: text(e.currentTarget.value.toUpperCase()) })}
          w={110}
        />
        <Select
          label={t('filters.direction')}
          clearable
          data={[
            { value: 'IN', label: t('filters.import') },
            { value: 'OUT', label: t('filters.export') },
          ]}
          value={draft.direction ?? null}
          onChange={(v) => set({ direction: v === 'IN' || v === 'OUT' ? v : undefined })}
          w={150}
        />
        <TextInput
          label={t('filters.office')}
          value={draft.office ?? ''}
          onChange={(e) => set({ office: text(e.currentTarget.value.toUpperCase()) })}
          w={130}
        />
        <OwnerFilter value={draft.owner} onChange={(owner) => set({ owner })} w={200} />
        <Checkbox
          label={t('filters.compare')}
          checked={draft.compare ?? false}
          onChange={(e) => set({ compare: e.currentTarget.checked || undefined })}
          mb={8}
        />
        <Button type="submit">{t('filters.apply')}</Button>
      </Group>
    </form>
  );
}
