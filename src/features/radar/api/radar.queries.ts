import { queryOptions } from '@tanstack/react-query';
import { radarSchema } from '../../../contract/radar';
import { request } from '../../../lib/api-client';

/** The deadline radar (GET /api/radar, src/contract/radar.ts). */
export const radarKeys = { all: ['radar'] as const, window: (soonMinutes: number) => [...radarKeys.all, soonMinutes] as const };

/** Refetched every minute: items become late as the clock runs. */
export const radarQueryOptions = (soonMinutes: number) =>
  queryOptions({
    queryKey: radarKeys.window(soonMinutes),
    queryFn: ({ signal }) => request('/radar', { query: { soonMinutes: String(soonMinutes) }, schema: radarSchema, signal }),
    refetchInterval: 60_000,
  });
