import '@mantine/dates/styles.css';
import { Button, Group, Paper, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PICKER_DATE_FORMAT } from '../../../../lib/format';
import { WILDCARD_HELP, type ClassificationFilters } from '../../model/search/search-params';

interface SearchFiltersProps {
  /** The applied filters (from the URL); remount with a new key to reset the draft. */
  filters: ClassificationFilters;
  onApply: (filters: ClassificationFilters) => void;
}

type Range = [string | null, string | null];

/** Edits stay a draft until "Search": one navigation per search, so Back steps through searches. */
export function SearchFilters({ filters, onApply }: SearchFiltersProps) {
  const [draft, setDraft] = useState<ClassificationFilters>(filters);
  const setRange = (from: 'createdFrom' | 'updatedFrom', to: 'createdTo' | 'updatedTo', [a, b]: Range) =>
    setDraft((d) => ({ ...d, [from]: a ?? undefined, [to]: b ?? undefined }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({
      ...draft,
      externalReference: draft.externalReference?.trim() || undefined,
      betterSuggestion: draft.betterSuggestion || undefined,
    });
  };

  return (
    <Paper withBorder p="md" component="form" role="search" aria-label="Classification item filters" onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput
          label="External reference"
          description={WILDCARD_HELP}
          placeholder="SKU-*"
          value={draft.externalReference ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDraft((d) => ({ ...d, externalReference: value }));
          }}
          spellCheck={false}
        />
        <DatePickerInput
          type="range"
          valueFormat={PICKER_DATE_FORMAT}
          label="Created"
          description="From and to day, inclusive (UTC)"
          value={[draft.createdFrom ?? null, draft.createdTo ?? null]}
          onChange={(v) => setRange('createdFrom', 'createdTo', v)}
          allowSingleDateInRange
          clearable
        />
        <DatePickerInput
          type="range"
          valueFormat={PICKER_DATE_FORMAT}
          label="Last updated"
          description="From and to day, inclusive (UTC)"
          value={[draft.updatedFrom ?? null, draft.updatedTo ?? null]}
          onChange={(v) => setRange('updatedFrom', 'updatedTo', v)}
          allowSingleDateInRange
          clearable
        />
      </SimpleGrid>
      <Group justify="space-between" mt="md">
        <Switch
          label="Only items with a better suggestion"
          checked={draft.betterSuggestion ?? false}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setDraft((d) => ({ ...d, betterSuggestion: checked }));
          }}
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => onApply({})}>
            Reset
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
            Search
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
