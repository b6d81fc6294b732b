import { queryOptions } from '@tanstack/react-query';
import { consoleHealthSchema } from '../../../contract/console-health';
import { request } from '../../../lib/api-client';

/** The console's own health (GET /api/health, src/contract/console-health.ts). */
export const healthKeys = { all: ['health'] as const, current: () => [...healthKeys.all, 'current'] as const };

/** Refetched every 15 s: a supervisor watching the page sees a failing token or a silent subscription soon. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: healthKeys.current(),
    queryFn: ({ signal }) => request('/health', { schema: consoleHealthSchema, signal }),
    refetchInterval: 15_000,
  });
