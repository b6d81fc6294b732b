import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { subscriptionCreatedSchema, type SubscriptionCreate } from '../../../contract/subscriptions';
import { request } from '../../../lib/api-client';
import { subscriptionKeys } from './subscriptions.queries';

/** POST: never retried on 5xx, since a second create would add a duplicate subscription. */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionCreate) =>
      request('/v1/subscriptions', { method: 'POST', body, schema: subscriptionCreatedSchema, retry: 'never' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.list() }),
  });
}

/** DELETE answers 204 with no body. */
export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(`/v1/subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: async (_data, id) => {
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.list() });
      queryClient.removeQueries({ queryKey: subscriptionKeys.detail(id) });
    },
  });
}
