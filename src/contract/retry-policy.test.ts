import { describe, expect, it } from 'vitest';
import { backoffDelay, MAX_DELAY_MS, mayRetry, NETWORK_FAILURE, parseRetryAfter, retryClassOf } from './retry-policy.js';

describe('which answers a request may be sent again after', () => {
  it('an idempotent request: 429, 500, 502, 503, 504 and a network failure, nothing else', () => {
    for (const status of [429, 500, 502, 503, 504, NETWORK_FAILURE]) expect(mayRetry('idempotent', status), String(status)).toBe(true);
    for (const status of [200, 202, 400, 401, 403, 404, 409, 422, 501]) expect(mayRetry('idempotent', status), String(status)).toBe(false);
  });

  it('an acting POST: 429 only, never after a 5xx or a lost connection (the service may have acted)', () => {
    expect(mayRetry('acting', 429)).toBe(true);
    for (const status of [500, 502, 503, 504, NETWORK_FAILURE, 409]) expect(mayRetry('acting', status), String(status)).toBe(false);
  });

  it('a caller that owns its loop turns every retry off', () => {
    for (const status of [429, 503, NETWORK_FAILURE]) expect(mayRetry('none', status)).toBe(false);
  });

  it('POST acts; GET, HEAD, PUT, DELETE and PATCH do not act twice', () => {
    expect(retryClassOf('POST')).toBe('acting');
    expect(retryClassOf('post')).toBe('acting');
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH']) expect(retryClassOf(method)).toBe('idempotent');
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s with ±20 % jitter', () => {
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, undefined, () => 0.5))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(1, undefined, () => 0)).toBe(800);
    expect(backoffDelay(1, undefined, () => 1)).toBe(1200);
  });

  it('waits as the server says when it gives Retry-After, even 0', () => {
    expect(backoffDelay(3, 7000, () => 0.5)).toBe(7000);
    expect(backoffDelay(1, 0, () => 0.5)).toBe(0);
  });

  it('never computes more than the cap (jitter stays within ±20 % of it)', () => {
    expect(backoffDelay(30, undefined, () => 0.5)).toBe(MAX_DELAY_MS);
    expect(backoffDelay(10, undefined, () => 0.5, { baseMs: 500, capMs: 5_000 })).toBe(5_000);
    expect(backoffDelay(2, undefined, () => 0.5, { baseMs: 500, capMs: 5_000 })).toBe(1_000);
    expect(backoffDelay(1000, undefined, () => 1)).toBe(MAX_DELAY_MS * 1.2);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(new Date(1_000).toUTCString(), 4_000)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    for (const value of [undefined, null, '', 'soon', '-5', '1.5']) expect(parseRetryAfter(value), String(value)).toBeUndefined();
  });
});
