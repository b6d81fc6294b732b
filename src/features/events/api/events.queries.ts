import { infiniteQueryOptions } from '@tanstack/react-query';
import { EVENT_LOG_PAGE_SIZE, eventLogPageSchema, type EventLogFilters } from '../../../contract/event-log';
import { request } from '../../../lib/api-client';

/** Query keys of the events feature. */
export const eventKeys = { all: ['events'] as const, log: (filters: EventLogFilters) => [...eventKeys.all, 'log', filters] as const };

/** GET /api/events/log (the BFF's inbox), newest first; each further page is older, by seq. */
export const eventLogQueryOptions = (filters: EventLogFilters) =>
  infiniteQueryOptions({
    queryKey: eventKeys.log(filters),
    queryFn: ({ pageParam, signal }) =>
      request('/events/log', { query: { ...filters, before: pageParam, limit: EVENT_LOG_PAGE_SIZE }, schema: eventLogPageSchema, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
