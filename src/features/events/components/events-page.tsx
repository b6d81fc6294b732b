import { Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatQuantity } from '../../../lib/format';
import { eventLogQueryOptions } from '../api/events.queries';
import { hasFilters, type EventsSearch } from '../model/event-filters';
import { useLiveRows } from '../model/use-live-rows';
import { EventFiltersForm } from './event-filters-form';
import { EventsTable, type EventRow } from './events-table';

/** Scrolled further than this, a new event is counted in the "n new" marker instead of being seen at once. */
const SCROLLED_PX = 120;

/**
 * /events: what the service delivered to this console's webhook (the BFF's inbox), newest first,
 * filtered by the URL; new events join at the top live, with an "n new" marker when the user has
 * scrolled away from it.
 */
export function EventsPage({ filters, onFilter }: { filters: EventsSearch; onFilter: (next: EventsSearch) => void }) {
  const { t } = useTranslation('events');
  const log = useInfiniteQuery(eventLogQueryOptions(filters));
  const filtered = hasFilters(filters) ? 'yes' : 'no';
  const [unseen, setUnseen] = useState(0);
  const onArrive = useCallback(() => {
    if (window.scrollY > SCROLLED_PX) setUnseen((n) => n + 1);
  }, []);
  const live = useLiveRows(filters, onArrive);

  useEffect(() => {
    const onScroll = () => {
      if (window.scrollY <= SCROLLED_PX) setUnseen(0);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const loaded = log.data?.pages.flatMap((p) => p.events.map((e) => e.event)) ?? [];
  const loadedIds = new Set(loaded.map((e) => e.id));
  const rows: EventRow[] = [
    ...live.filter((e) => !loadedIds.has(e.id)).map((event) => ({ event, fresh: true })),
    ...loaded.map((event) => ({ event, fresh: false })),
  ];

  return (
    <Stack>
      <div>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </div>
      <EventFiltersForm key={JSON.stringify(filters)} filters={filters} onApply={onFilter} />
      {log.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('page.loading')}>
          <Skeleton height={32} />
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : log.isError ? (
        <ProblemAlert error={log.error} title={t('page.loadFailed')} onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <Text>{t('page.empty', { filtered })}</Text>
      ) : (
        <>
          <EventsTable rows={rows} />
          <Group>
            {log.hasNextPage ? (
              <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {t('page.loadOlder')}
              </Button>
            ) : (
              <Text c="dimmed" size="sm">
                {t('page.allShown', { filtered })}
              </Text>
            )}
          </Group>
        </>
      )}
      {unseen > 0 && (
        // Fixed beside the content, so it is seen wherever the user has scrolled to.
        <Box style={{ position: 'fixed', top: 72, right: 24, zIndex: 200 }}>
          <Button
            onClick={() => {
              window.scrollTo({ top: 0, behavior: 'smooth' });
              setUnseen(0);
            }}
          >
            {t('page.unseen', { count: unseen, shown: formatQuantity(unseen) })}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
