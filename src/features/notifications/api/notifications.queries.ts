import { queryOptions } from '@tanstack/react-query';
import { alertRuleListSchema, notificationListSchema, sentEmailListSchema } from '../../../contract/alerts';
import { request } from '../../../lib/api-client';
import { notificationKeys, UNREAD_POLL_MS } from './unread-count.queries';

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
