import { queryOptions } from '@tanstack/react-query';
import { unreadCountSchema } from '../../../contract/unread-count';
import { request } from '../../../lib/api-client';

// The bell is on every page, the first screen included: its query needs none of the alert rules' schemas.

/** How often the bell asks for the unread count: an alert shows within this (plus its routing). */
export const UNREAD_POLL_MS = 4_000;

/** Query keys of the notification centre. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: (filter: 'all' | 'unread') => [...notificationKeys.all, 'list', filter] as const,
  emails: () => [...notificationKeys.all, 'emails'] as const,
  rules: () => ['alert-rules'] as const,
};

/** GET /api/notifications/unread-count: the bell's number, polled. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => request('/notifications/unread-count', { schema: unreadCountSchema, signal }),
    refetchInterval: UNREAD_POLL_MS,
  });
