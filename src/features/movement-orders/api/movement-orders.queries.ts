import { queryOptions } from '@tanstack/react-query';
import { createdMovementOrderListSchema, movementOrderSchema } from '../../../contract/movement-orders';
import { request } from '../../../lib/api-client';

/** Query keys of the movement-orders feature. */
export const movementOrderKeys = {
  all: ['movement-orders'] as const,
  detail: (id: string) => [...movementOrderKeys.all, 'detail', id] as const,
  created: () => [...movementOrderKeys.all, 'created'] as const,
};

/** GET /v1/movementorders/{id}: the only read the service offers (there is no list or search). */
export const movementOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: movementOrderKeys.detail(id),
    queryFn: ({ signal }) => request(`/v1/movementorders/${encodeURIComponent(id)}`, { schema: movementOrderSchema, signal }),
  });

/** GET /api/movement-orders (the BFF's list of messages sent from this console; the service has none). */
export const createdMovementOrdersQueryOptions = (limit = 20) =>
  queryOptions({
    queryKey: [...movementOrderKeys.created(), limit] as const,
    queryFn: ({ signal }) => request('/movement-orders', { query: { limit }, schema: createdMovementOrderListSchema, signal }),
  });
