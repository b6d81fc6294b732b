import { Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert';
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
  const log = useInfiniteQuery(eventLogQueryOptions(filters));
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
        <Title order={1}>Events</Title>
        <Text c="dimmed">
          Notifications the service sent to this console: declaration status changes, finished actions, documents and shipment outcomes. New
          ones appear at the top as they arrive.
        </Text>
      </div>
      <EventFiltersForm key={JSON.stringify(filters)} filters={filters} onApply={onFilter} />
      {log.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading events">
          <Skeleton height={32} />
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : log.isError ? (
        <ProblemAlert error={log.error} title="The events could not be loaded" onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <Text>
          {hasFilters(filters) ? 'No event matches these filters.' : 'No events received yet.'} New ones appear here as they arrive.
        </Text>
      ) : (
        <>
          <EventsTable rows={rows} />
          <Group>
            {log.hasNextPage ? (
              <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                Load older events
              </Button>
            ) : (
              <Text c="dimmed" size="sm">
                That is every stored event{hasFilters(filters) ? ' matching the filters' : ''}.
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
            {unseen} new {unseen === 1 ? 'event' : 'events'} ↑
          </Button>
        </Box>
      )}
    </Stack>
  );
}
