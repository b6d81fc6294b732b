import { QueryClient } from '@tanstack/react-query';

/**
 * request() already retries what the specification allows (429, 5xx with back-off), so queries
 * do not retry on top of it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}
