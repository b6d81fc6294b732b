import { queryOptions } from '@tanstack/react-query';
import { authorizationStatusSchema } from '../../../contract/authorization-status';
import { request } from '../../../lib/api-client';

export const connectionKeys = {
  all: ['connection'] as const,
  authorizationStatus: () => [...connectionKeys.all, 'authorization-status'] as const,
};

/** GET /api/v1/authorizationStatus: what the BFF's client application may do at the service. */
export const authorizationStatusQuery = () =>
  queryOptions({
    queryKey: connectionKeys.authorizationStatus(),
    queryFn: () => request('/v1/authorizationStatus', { schema: authorizationStatusSchema }),
  });
