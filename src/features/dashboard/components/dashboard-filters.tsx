import { Button, Checkbox, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { OwnerFilter } from '../../../components/owner-filter';
import { DASHBOARD_RANGES, RANGE_LABELS, type DashboardRange, type DashboardSearch } from '../model/dashboard-search';

const rangeOf = (v: string): DashboardRange | undefined => DASHBOARD_RANGES.find((r) => r === v);

/** Time range, flow, jurisdiction, direction, office, owner and the comparison; applied to the address. */
export function DashboardFilters({ search, onApply }: { search: DashboardSearch; onApply: (next: DashboardSearch) => void }) {
  const [draft, setDraft] = useState<DashboardSearch>(search);
  const set = (patch: Partial<DashboardSearch>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (v: string) => (v.trim() ? v.trim() : undefined);
  return (
    <form
      aria-label="Dashboard filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <Group align="end" wrap="wrap">
        <SegmentedControl
          aria-label="Time range"
          value={draft.range ?? '30d'}
          data={DASHBOARD_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
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
              label="From (UTC day)"
              value={draft.from ?? ''}
              onChange={(e) => set({ from: text(e.currentTarget.value) })}
            />
            <TextInput type="date" label="To (UTC day)" value={draft.to ?? ''} onChange={(e) => set({ to: text(e.currentTarget.value) })} />
          </>
        )}
        <TextInput label="Customs flow" value={draft.flow ?? ''} onChange={(e) => set({ flow: text(e.currentTarget.value) })} w={160} />
        <TextInput
          label="Jurisdiction"
          value={draft.jurisdiction ?? ''}
          onChange={(e) => set({ jurisdiction: text(e.currentTarget.value.toUpperCase()) })}
          w={110}
        />
        <Select
          label="Direction"
          clearable
          data={[
            { value: 'IN', label: 'Import (IN)' },
            { value: 'OUT', label: 'Export (OUT)' },
          ]}
          value={draft.direction ?? null}
          onChange={(v) => set({ direction: v === 'IN' || v === 'OUT' ? v : undefined })}
          w={150}
        />
        <TextInput
          label="Office"
          value={draft.office ?? ''}
          onChange={(e) => set({ office: text(e.currentTarget.value.toUpperCase()) })}
          w={130}
        />
        <OwnerFilter value={draft.owner} onChange={(owner) => set({ owner })} w={200} />
        <Checkbox
          label="Compare with the previous period"
          checked={draft.compare ?? false}
          onChange={(e) => set({ compare: e.currentTarget.checked || undefined })}
          mb={8}
        />
        <Button type="submit">Apply</Button>
      </Group>
    </form>
  );
}
