import { useSyncExternalStore } from 'react';
import { getRetryWaits, subscribeRetryWaits, type RetryWait } from './api-client';

/** Why the request waits, in words. */
const reason = (status: number): string =>
  status === 429
    ? 'The service is busy (too many requests)'
    : status === 0
      ? 'The console’s server could not be reached'
      : `The service is unavailable (HTTP ${status})`;

/** "The service is busy (too many requests): retrying in 3 s (attempt 2 of 4)." Whole seconds, never below 1 while waiting. */
export function retryWaitText(wait: RetryWait, now: number): string {
  const seconds = Math.max(1, Math.ceil((wait.until - now) / 1000));
  return `${reason(wait.status)}: retrying in ${seconds} s (attempt ${wait.attempt} of ${wait.maxAttempts}).`;
}

/** The first request now waiting for a retry that `match` picks (e.g. by path), or undefined. `match` should be stable. */
export function useRetryWait(match: (wait: RetryWait) => boolean): RetryWait | undefined {
  return useSyncExternalStore(subscribeRetryWaits, () => getRetryWaits().find(match));
}
