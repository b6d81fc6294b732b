import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ProblemAlert } from '../../../../components/problem-alert';
import { RetryNotice } from '../../../../components/retry-notice';
import type { RetryWait } from '../../../../lib/api-client';
import { useRetryWait } from '../../../../lib/retry-wait';
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
  useDocumentTitle('Declarations · Customs Console');
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
          <Title order={1}>Declarations</Title>
          <Text c="dimmed" size="sm">
            Search by any parameter of the service. The filters, page and page size are in the address: share it or bookmark it.
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

      {retrying && results.isFetching && <RetryNotice key={retrying.id} wait={retrying} title="Searching again shortly" />}
      {canBulk && bulkWanted && (
        <Suspense fallback={null}>
          <SearchBulkBar selection={selection} roles={roles} />
        </Suspense>
      )}

      {results.data?.complete === false && !results.isPlaceholderData && (
        <Alert color="yellow" title="Not every declaration was read for this owner">
          The owner is the console's own record, so the console read the {results.data.scanned.toLocaleString()} newest declarations
          matching the other filters and found the ones shown. Narrow the dates or statuses to reach older ones.
        </Alert>
      )}
      {results.isError ? (
        <ProblemAlert title="The declarations could not be loaded" error={results.error} onRetry={() => void results.refetch()} />
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
          caption="Declarations matching the filters, newest first (the service orders by creation date; it offers no other sort)."
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
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          {firstPage ? 'No declarations match' : 'No more declarations'}
        </Title>
        <Text size="sm">
          {firstPage
            ? 'Nothing matches these filters. Identifiers must match exactly; loosen or clear the filters.'
            : 'The previous page was the last one.'}
        </Text>
        <Button variant="default" size="xs" onClick={firstPage ? onClear : onFirstPage}>
          {firstPage ? 'Clear filters' : 'Back to the first page'}
        </Button>
      </Stack>
    </Paper>
  );
}
