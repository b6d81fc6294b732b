import { useMutation } from '@tanstack/react-query';
import { movementIngestAcceptedSchema, type MovementIngest } from '../../../contract/movement-orders';
import { request } from '../../../lib/api-client';

/** POST /v1/movementorders. Never retried after a 5xx: the orders may exist already, so the user decides. */
export function useCreateMovementOrder() {
  return useMutation({
    mutationFn: (ingest: MovementIngest) => request('/v1/movementorders', { method: 'POST', body: ingest, schema: movementIngestAcceptedSchema, retry: 'never' }),
  });
}
