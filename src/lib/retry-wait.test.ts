import { describe, expect, it } from 'vitest';
import type { RetryWait } from './api-client';
import { retryWaitText } from './retry-wait';

const wait = (over: Partial<RetryWait>): RetryWait => ({
  id: 1,
  method: 'GET',
  path: '/v1/declarations/search',
  status: 429,
  attempt: 2,
  maxAttempts: 4,
  until: 10_000,
  ...over,
});

describe('retryWaitText', () => {
  it('says why, how long in whole seconds (rounded up, at least 1) and which attempt', () => {
    expect(retryWaitText(wait({}), 7_001)).toBe('The service is busy (too many requests): retrying in 3 s (attempt 2 of 4).');
    expect(retryWaitText(wait({ status: 503, attempt: 3 }), 9_999)).toBe(
      'The service is unavailable (HTTP 503): retrying in 1 s (attempt 3 of 4).',
    );
    expect(retryWaitText(wait({ status: 0 }), 12_000)).toMatch(/^The console’s server could not be reached: retrying in 1 s/);
  });
});
