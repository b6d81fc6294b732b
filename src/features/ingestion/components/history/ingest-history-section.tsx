import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../../components/problem-alert';
import { subscribeLiveEvents } from '../../../../lib/live-events';
import { ingestHistoryKeys, ingestHistoryQueryOptions } from '../../api/history/ingest-history.queries';
import { toHistoryQuery, type HistorySearch } from '../../model/history/history-search';
import { HistoryEntry } from './history-entry';
import { HistoryFilters } from './history-filters';

/** While a message waits for pickup or processing, the history looks again this often (besides live events). */
const PENDING_REFRESH_MS = 3000;

/**
 * The ingest history on /ingestion: every message received over HTTPS or FTPS for the tenant,
 * newest first, filtered through the URL, each with its outcome, its declarations or movement
 * orders and the outcome events matched by ingestionReferences. Refreshed on live events.
 */
export function IngestHistorySection({ search, onSearch }: { search: HistorySearch; onSearch: (next: HistorySearch) => void }) {
  const { t } = useTranslation('ingestion');
  const queryClient = useQueryClient();
  const history = useInfiniteQuery({
    ...ingestHistoryQueryOptions(toHistoryQuery(search)),
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.entries.some((e) => e.outcome === 'Accepted')) ? PENDING_REFRESH_MS : false),
  });
  useEffect(() => subscribeLiveEvents(() => void queryClient.invalidateQueries({ queryKey: ingestHistoryKeys.all })), [queryClient]);

  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const fromEvents = history.data?.pages[0]?.source === 'events';
  return (
    <section aria-labelledby="history-heading">
      <Stack>
        <div>
          <Title order={2} size="h3" id="history-heading">
            {t('history.heading')}
          </Title>
          <Text c="dimmed">{t('history.intro')}</Text>
        </div>
        <HistoryFilters search={search} onSearch={onSearch} />
        {fromEvents && (
          <Alert color="gray" title={t('history.fromEventsTitle')}>
            {t('history.fromEvents')}
          </Alert>
        )}
        {history.isPending && <Skeleton height={80} />}
        {history.error && <ProblemAlert error={history.error} title={t('history.notLoaded')} onRetry={() => void history.refetch()} />}
        {history.isSuccess && entries.length === 0 && <Text c="dimmed">{t('history.noMatch')}</Text>}
        {entries.map((entry) => (
          <HistoryEntry key={entry.id} entry={entry} />
        ))}
        {history.hasNextPage && (
          <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            {t('history.loadOlder')}
          </Button>
        )}
      </Stack>
    </section>
  );
}
