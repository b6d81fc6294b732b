import { queryOptions } from '@tanstack/react-query';
import { consoleSubscriptionsSchema } from '../../../contract/event-log';
import { subscriptionListSchema, subscriptionSchema } from '../../../contract/subscriptions';
import { request } from '../../../lib/api-client';

/** Query keys of the subscriptions feature: invalidate by prefix after writes. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: () => [...subscriptionKeys.all, 'list'] as const,
  details: () => [...subscriptionKeys.all, 'detail'] as const,
  detail: (id: string) => [...subscriptionKeys.details(), id] as const,
  console: () => [...subscriptionKeys.all, 'console'] as const,
};

export const subscriptionListQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.list(),
    queryFn: ({ signal }) => request('/v1/subscriptions', { schema: subscriptionListSchema, signal }),
  });

/** The single read: the only place destination details (secrets masked) come from. */
export const subscriptionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(id),
    queryFn: ({ signal }) => request(`/v1/subscriptions/${encodeURIComponent(id)}`, { schema: subscriptionSchema, signal }),
    // A subscription never changes (no update operation): once read, it stays true until deleted.
    staleTime: Infinity,
  });

/** The BFF's own live-updates subscriptions (GET /api/live/subscriptions): shown as used by this console, never offered for delete or replace. */
export const consoleSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.console(),
    queryFn: ({ signal }) => request('/live/subscriptions', { schema: consoleSubscriptionsSchema, signal }).then((r) => r.ids),
  });
