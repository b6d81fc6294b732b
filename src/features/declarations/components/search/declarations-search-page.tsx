import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../../components/problem-alert';
import { RetryNotice } from '../../../../components/retry-notice';
import type { RetryWait } from '../../../../lib/api-client';
import { useRetryWait } from '../../../../lib/retry-wait';
import { formatQuantity } from '../../../../lib/format';
import { declarationsPageQueryOptions } from '../../api/declarations.queries';
import {
  filtersOf,
  secondaryFilterCount,
  toServiceQuery,
  type DeclarationFilters,
  type DeclarationsSearch,
  type PageSize,
} from '../../model/search/search-params';
import { useFilterFormKey } from '../../model/search/filter-form-key';
import { columnsForSearch, parseTablePreferences, TABLE_PREFERENCES_STORAGE_KEY } from '../../model/search/table-preferences';
import { useUserStorage } from '../../model/search/use-user-storage';
import { CsvExport } from './csv-export';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import { useRowSelection } from '../../model/review/row-selection';
import { DeclarationsTable } from './declarations-table';
import { FindDeclarationButton } from './find-declaration-button';
import { ResultsPager } from './results-pager';
import { SavedViewsBar } from './saved-views-bar';
import { SearchFiltersForm } from './search-filters-form';
import { TableSettings } from './table-settings';

const isSearch = (wait: RetryWait): boolean => wait.path === '/v1/declarations/search' || wait.path === '/declarations/by-owner';

// The bulk bar and the action rules it runs are needed only once a row is selected: their own chunk keeps them off the first screen.
const SearchBulkBar = lazy(() => import('../review/search-bulk-bar').then((m) => ({ default: m.SearchBulkBar })));

interface DeclarationsSearchPageProps {
  /** The URL's search state (validated by the route). */
  search: DeclarationsSearch;
  /** With roles that may act: a selection column and bulk Validate/Submit (review desk). */
  roles?: readonly Role[];
  /** Navigates to another search state: every change is a history entry, so Back restores the view. Stable across renders, so the filters form is not rendered again with each page of rows. */
  onSearch: (next: DeclarationsSearch) => void;
}

/** The declarations workspace: filters, saved views, the results page by page, export. */
export function DeclarationsSearchPage({ search, roles, onSearch }: DeclarationsSearchPageProps) {
  const { t } = useTranslation('declarations');
  useDocumentTitle(t('page.documentTitle'));
  const results = useQuery(declarationsPageQueryOptions(toServiceQuery(search), search.owner));
  const [preferences, setPreferences] = useUserStorage(TABLE_PREFERENCES_STORAGE_KEY, parseTablePreferences);

  // A new filter starts again at the first page; the page size stays. The handlers are stable, so
  // the memoised parts (filters form, saved views, export, settings, rows) skip the render when rows arrive.
  const applyFilters = useCallback(
    (filters: DeclarationFilters) => onSearch({ ...filters, limit: search.limit, offset: 0 }),
    [onSearch, search.limit],
  );
  const filters = filtersOf(search);
  const filterForm = useFilterFormKey(filters);
  const { onOwnSearch } = filterForm;
  const searchFromForm = useCallback(
    (next: DeclarationFilters) => {
      onOwnSearch(next);
      applyFilters(next);
    },
    [onOwnSearch, applyFilters],
  );
  const clearFilters = useCallback(() => applyFilters({}), [applyFilters]);
  const retrying = useRetryWait(isSearch);
  // While a new filter waits for a retry (429/503), the previous filter's rows are not shown as if they answered it.
  const rows = results.isError || (retrying && results.isPlaceholderData) ? undefined : results.data?.declarations;
  const selection = useRowSelection();
  const canBulk = roles !== undefined && isAllowed(roles, 'POST /v1/declarations/{declarationId}/validate');
  // Mounted at the first selection and kept: a run in progress stays shown after the selection is cleared.
  const [bulkWanted, setBulkWanted] = useState(false);
  if (canBulk && !bulkWanted && selection.selected.size > 0) setBulkWanted(true);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1}>{t('page.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('page.intro')}
          </Text>
        </Stack>
        <FindDeclarationButton />
      </Group>

      <SavedViewsBar search={search} onApply={applyFilters} />
      <SearchFiltersForm
        key={filterForm.key}
        initialFilters={filterForm.initial}
        secondaryInUse={secondaryFilterCount(filters)}
        onApply={searchFromForm}
        onClear={clearFilters}
      />

      <Group justify="space-between" align="flex-start" gap="sm">
        <CsvExport search={search} />
        <TableSettings preferences={preferences} onChange={setPreferences} />
      </Group>

      {retrying && results.isFetching && <RetryNotice key={retrying.id} wait={retrying} title={t('page.retrying')} />}
      {canBulk && bulkWanted && (
        <Suspense fallback={null}>
          <SearchBulkBar selection={selection} roles={roles} />
        </Suspense>
      )}

      {results.data?.complete === false && !results.isPlaceholderData && (
        <Alert color="yellow" title={t('page.incompleteTitle')}>
          {t('page.incompleteText', { scanned: formatQuantity(results.data.scanned) })}
        </Alert>
      )}
      {results.isError ? (
        <ProblemAlert title={t('page.loadFailed')} error={results.error} onRetry={() => void results.refetch()} />
      ) : rows?.length === 0 && !results.isPlaceholderData ? (
        <EmptyResults firstPage={search.offset === 0} onClear={clearFilters} onFirstPage={() => onSearch({ ...search, offset: 0 })} />
      ) : (
        <DeclarationsTable
          rows={rows}
          columns={columnsForSearch(preferences.columns, filters)}
          density={preferences.density}
          stale={results.isPlaceholderData}
          skeletonRows={Math.min(search.limit, 10)}
          selection={canBulk ? selection : undefined}
          caption={t('page.caption')}
        />
      )}

      <ResultsPager
        offset={search.offset}
        limit={search.limit}
        rowCount={results.isPlaceholderData || results.isError ? undefined : rows?.length}
        onPage={(offset) => onSearch({ ...search, offset })}
        onPageSize={(limit: PageSize) => onSearch({ ...search, limit, offset: 0 })}
      />
    </Stack>
  );
}

function EmptyResults({ firstPage, onClear, onFirstPage }: { firstPage: boolean; onClear: () => void; onFirstPage: () => void }) {
  const { t } = useTranslation('declarations');
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          {firstPage ? t('page.noMatchTitle') : t('page.noMoreTitle')}
        </Title>
        <Text size="sm">{firstPage ? t('page.noMatchText') : t('page.noMoreText')}</Text>
        <Button variant="default" size="xs" onClick={firstPage ? onClear : onFirstPage}>
          {firstPage ? t('filters.clear') : t('page.firstPage')}
        </Button>
      </Stack>
    </Paper>
  );
}
