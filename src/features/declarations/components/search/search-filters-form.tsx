import { Autocomplete, Button, Collapse, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { lazy, memo, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { countryOptions } from '../../../../lib/countries';
import { OwnerFilter } from '../../../../components/owner-filter';
import { CountryPicker } from '../../../../components/picker';
import {
  filtersOf,
  secondaryFilterCount,
  type DateRangeField,
  type DeclarationFilters,
  type ListFilter,
} from '../../model/search/search-params';
import {
  FLOW_STEP_SUGGESTIONS,
  FLOW_SUGGESTIONS,
  STATUS_SUGGESTIONS,
  STORAGE_LOCATION_SUGGESTIONS,
} from '../../model/search/filter-suggestions';

interface SearchFiltersFormProps {
  /** The draft to start from: the applied filters when the form was (re)mounted. Remount with a new key to reset the draft. */
  initialFilters: DeclarationFilters;
  /** How many of the applied filters sit behind "More filters". */
  secondaryInUse: number;
  /** Search for the draft. */
  onApply: (filters: DeclarationFilters) => void;
  onClear: () => void;
}

const loadDateRangeFilters = () => import('./date-range-filters');
const DateRangeFilters = lazy(loadDateRangeFilters);

/**
 * Every search parameter of the specification. Edits stay a draft until "Search": one
 * navigation per search, so Back steps through searches rather than keystrokes. Memoised, its
 props stable: its twenty inputs (and a hundred hidden combobox options) cost more than a page of
 rows, and neither its own search nor the rows arriving need it rendered again.
 */
export const SearchFiltersForm = memo(function SearchFiltersForm({
  initialFilters,
  secondaryInUse,
  onApply,
  onClear,
}: SearchFiltersFormProps) {
  const { t } = useTranslation('declarations');
  const [draft, setDraft] = useState<DeclarationFilters>(initialFilters);
  const [more, { toggle: toggleMore }] = useDisclosure(secondaryFilterCount(initialFilters) > 0);
  // The date pickers load when "More filters" is first opened (their code is fetched on intent, on hover or focus).
  const [datesWanted, setDatesWanted] = useState(more);
  const countries = countryOptions();

  const set = <K extends keyof DeclarationFilters>(key: K, value: DeclarationFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setText = (key: 'externalReference' | 'lrn' | 'mrn' | 'arc' | 'ucr' | 'customsFlow', value: string) =>
    set(key, value.trim() ? value : undefined);
  const setList = (key: ListFilter, values: string[]) => set(key, values.length ? values : undefined);
  const setRange = (field: DateRangeField, [from, to]: [string | null, string | null]) =>
    setDraft((d) => ({ ...d, [`${field}From`]: from ?? undefined, [`${field}To`]: to ?? undefined }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(filtersOf(draft));
  };

  return (
    <Paper withBorder p="md" component="form" role="search" aria-label={t('filters.label')} onSubmit={submit}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('filters.lrn')}
            value={draft.lrn ?? ''}
            onChange={(e) => setText('lrn', e.currentTarget.value)}
            spellCheck={false}
          />
          <TextInput
            label={t('filters.mrn')}
            value={draft.mrn ?? ''}
            onChange={(e) => setText('mrn', e.currentTarget.value)}
            spellCheck={false}
          />
          <TextInput
            label={t('filters.arc')}
            value={draft.arc ?? ''}
            onChange={(e) => setText('arc', e.currentTarget.value)}
            spellCheck={false}
          />
          <TextInput
            label={t('filters.externalReference')}
            value={draft.externalReference ?? ''}
            onChange={(e) => setText('externalReference', e.currentTarget.value)}
            spellCheck={false}
          />
          <Select
            label={t('filters.direction')}
            placeholder={t('filters.directionBoth')}
            data={[
              { value: 'IN', label: t('filters.directionIn') },
              { value: 'OUT', label: t('filters.directionOut') },
            ]}
            value={draft.direction ?? null}
            onChange={(v) => set('direction', v === 'IN' || v === 'OUT' ? v : undefined)}
            clearable
          />
          <OwnerFilter value={draft.owner} onChange={(v) => set('owner', v)} />
          <TagsInput
            label={t('filters.status')}
            description={t('filters.anyOf')}
            data={[...STATUS_SUGGESTIONS]}
            value={draft.currentStatus ?? []}
            onChange={(v) => setList('currentStatus', v)}
            clearable
          />
          <MultiSelect
            label={t('filters.jurisdiction')}
            description={t('filters.jurisdictionHint')}
            data={countries}
            value={draft.jurisdiction ?? []}
            onChange={(v) => setList('jurisdiction', v)}
            searchable
            clearable
            limit={50}
          />
          <Autocomplete
            label={t('filters.customsFlow')}
            description={t('filters.customsFlowHint')}
            data={[...FLOW_SUGGESTIONS]}
            value={draft.customsFlow ?? ''}
            onChange={(v) => setText('customsFlow', v)}
          />
          <TagsInput
            label={t('filters.flowStep')}
            description={t('filters.anyOf')}
            data={[...FLOW_STEP_SUGGESTIONS]}
            value={draft.customsFlowStep ?? []}
            onChange={(v) => setList('customsFlowStep', v)}
            clearable
          />
        </SimpleGrid>
        <Collapse expanded={more}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }} spacing="sm" verticalSpacing="xs" pt="xs">
            <TextInput
              label={t('filters.ucr')}
              value={draft.ucr ?? ''}
              onChange={(e) => setText('ucr', e.currentTarget.value)}
              spellCheck={false}
            />
            <CountryPicker
              label={t('filters.shipFrom')}
              placeholder={t('filters.anyCountry')}
              value={draft.shipFrom ?? null}
              onChange={(v) => set('shipFrom', v ?? undefined)}
              clearable
              limit={50}
              withScrollArea
            />
            <CountryPicker
              label={t('filters.shipTo')}
              placeholder={t('filters.anyCountry')}
              value={draft.shipTo ?? null}
              onChange={(v) => set('shipTo', v ?? undefined)}
              clearable
              limit={50}
              withScrollArea
            />
            <TagsInput
              label={t('filters.storageLocation')}
              description={t('filters.anyOf')}
              data={[...STORAGE_LOCATION_SUGGESTIONS]}
              value={draft.storageLocation ?? []}
              onChange={(v) => setList('storageLocation', v)}
              clearable
            />
            {datesWanted && (
              <Suspense fallback={null}>
                <DateRangeFilters draft={draft} onChange={setRange} />
              </Suspense>
            )}
          </SimpleGrid>
        </Collapse>
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
            onPointerEnter={() => void loadDateRangeFilters()}
            onFocus={() => void loadDateRangeFilters()}
            onClick={() => {
              setDatesWanted(true);
              toggleMore();
            }}
            aria-expanded={more}
          >
            {more ? t('filters.fewer') : t('filters.more', { inUse: secondaryInUse })}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClear}>
              {t('filters.clear')}
            </Button>
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
              {t('filters.search')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
});
