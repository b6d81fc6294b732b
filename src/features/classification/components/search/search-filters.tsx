import { useTranslation } from '../../../../lib/i18n/use-translation';
import '@mantine/dates/styles.css';
import { Button, Group, Paper, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PICKER_DATE_FORMAT } from '../../../../lib/format';
import type { ClassificationFilters } from '../../model/search/search-params';

interface SearchFiltersProps {
  /** The applied filters (from the URL); remount with a new key to reset the draft. */
  filters: ClassificationFilters;
  onApply: (filters: ClassificationFilters) => void;
}

type Range = [string | null, string | null];

/** Edits stay a draft until "Search": one navigation per search, so Back steps through searches. */
export function SearchFilters({ filters, onApply }: SearchFiltersProps) {
  const { t } = useTranslation('classification');
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
    <Paper withBorder p="md" component="form" role="search" aria-label={t('filters.label')} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput
          label={t('filters.externalReference')}
          description={t('filters.wildcardHelp')}
          placeholder={t('filters.placeholder')}
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
          label={t('filters.created')}
          description={t('filters.dayRange')}
          value={[draft.createdFrom ?? null, draft.createdTo ?? null]}
          onChange={(v) => setRange('createdFrom', 'createdTo', v)}
          allowSingleDateInRange
          clearable
        />
        <DatePickerInput
          type="range"
          valueFormat={PICKER_DATE_FORMAT}
          label={t('filters.lastUpdated')}
          description={t('filters.dayRange')}
          value={[draft.updatedFrom ?? null, draft.updatedTo ?? null]}
          onChange={(v) => setRange('updatedFrom', 'updatedTo', v)}
          allowSingleDateInRange
          clearable
        />
      </SimpleGrid>
      <Group justify="space-between" mt="md">
        <Switch
          label={t('filters.betterOnly')}
          checked={draft.betterSuggestion ?? false}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setDraft((d) => ({ ...d, betterSuggestion: checked }));
          }}
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => onApply({})}>
            {t('filters.reset')}
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
            {t('filters.search')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
