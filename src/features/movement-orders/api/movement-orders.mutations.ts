import { useMutation, useQueryClient } from '@tanstack/react-query';
import { movementIngestAcceptedSchema, type MovementIngest } from '../../../contract/movement-orders';
import { request } from '../../../lib/api-client';
import { movementOrderKeys } from './movement-orders.queries';

/** POST /v1/movementorders. Never retried after a 5xx: the orders may exist already, so the user decides. */
export function useCreateMovementOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ingest: MovementIngest) =>
      request('/v1/movementorders', { method: 'POST', body: ingest, schema: movementIngestAcceptedSchema, retry: 'never' }),
    // The BFF recorded it: the list of orders created from this console has one more.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: movementOrderKeys.created() }),
  });
}
