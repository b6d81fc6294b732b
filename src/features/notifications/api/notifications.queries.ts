import { queryOptions } from '@tanstack/react-query';
import { alertRuleListSchema, notificationListSchema, sentEmailListSchema, unreadCountSchema } from '../../../contract/alerts';
import { request } from '../../../lib/api-client';

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

/** GET /api/notifications, newest first. */
export const notificationsQueryOptions = (filter: 'all' | 'unread') =>
  queryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ signal }) => request('/notifications', { query: { filter }, schema: notificationListSchema, signal }),
    refetchInterval: UNREAD_POLL_MS,
  });

/** GET /api/notifications/emails: what the BFF sent by e-mail (supervisors). */
export const sentEmailsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.emails(),
    queryFn: ({ signal }) => request('/notifications/emails', { schema: sentEmailListSchema, signal }),
    refetchInterval: UNREAD_POLL_MS,
  });

/** GET /api/alerts/rules: the user's own rules and the team's. */
export const alertRulesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.rules(),
    queryFn: ({ signal }) => request('/alerts/rules', { schema: alertRuleListSchema, signal }),
  });
