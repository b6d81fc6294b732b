import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { alertRuleSchema, type NewAlertRule } from '../../../contract/alerts';
import { request } from '../../../lib/api-client';
import { notificationKeys } from './unread-count.queries';

const markedSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

/** POST /api/notifications/read: these ids, or all of the user's. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: readonly number[] | 'all') =>
      request('/notifications/read', { method: 'POST', body: which === 'all' ? { all: true } : { ids: which }, schema: markedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** POST /api/alerts/rules. */
export function useCreateAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: NewAlertRule) => request('/alerts/rules', { method: 'POST', body: rule, schema: alertRuleSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules() }),
  });
}

/** PATCH /api/alerts/rules/{id}: on or off. */
export function useToggleAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      request(`/alerts/rules/${id}`, { method: 'PATCH', body: { enabled }, schema: alertRuleSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules() }),
  });
}

/** DELETE /api/alerts/rules/{id}. */
export function useDeleteAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/alerts/rules/${id}`, { method: 'DELETE', schema: z.undefined() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules() }),
  });
}
