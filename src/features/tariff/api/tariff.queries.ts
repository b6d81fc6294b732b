import { queryOptions } from '@tanstack/react-query';
import { tariffUsageSchema } from '../../../contract/tariff';
import { request } from '../../../lib/api-client';

/** GET /api/tariff/codes/{code}/usage: a scan of the service's latest declarations and items, so it is kept a minute. */
export const tariffUsageQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['tariff', 'usage', code] as const,
    queryFn: ({ signal }) => request(`/tariff/codes/${encodeURIComponent(code)}/usage`, { schema: tariffUsageSchema, signal }),
    staleTime: 60_000,
  });
