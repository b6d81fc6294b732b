import { describe, expect, it } from 'vitest';
import { HealthTracker } from './health-tracker.js';

const call = (status: number | 'error', ms: number) => ({ method: 'GET', pathAndQuery: '/v1/x', status, seconds: ms / 1000 });

describe('health tracker', () => {
  it('counts 5xx, 401 and unanswered calls of the last hour as errors, with median and 95th percentile times', () => {
    let now = Date.parse('2026-11-28T10:00:00Z');
    const tracker = new HealthTracker(() => now);
    tracker.onUpstreamCall(call(503, 900));
    now += 30 * 60_000;
    for (let i = 0; i < 17; i++) tracker.onUpstreamCall(call(200, 100));
    tracker.onUpstreamCall(call(401, 50));
    tracker.onUpstreamCall(call('error', 2000));
    tracker.onUpstreamCall(call(404, 100));
    expect(tracker.lastHour()).toEqual({ calls: 21, errors: 3, errorRate: 3 / 21, p50Ms: 100, p95Ms: 900 });
    // An hour after the first call it no longer counts.
    now += 31 * 60_000;
    expect(tracker.lastHour()).toMatchObject({ calls: 20, errors: 2 });
  });

  it('keeps the token’s last success and the failures since', () => {
    let now = Date.parse('2026-11-28T10:00:00Z');
    const tracker = new HealthTracker(() => now);
    tracker.onTokenFetch({ ok: true });
    now += 60_000;
    tracker.onTokenFetch({ ok: false, status: 401 });
    tracker.onTokenFetch({ ok: false, error: 'timeout' });
    expect(tracker.tokenState()).toEqual({
      lastObtainedAt: '2026-11-28T10:00:00.000Z',
      lastFailureAt: '2026-11-28T10:01:00.000Z',
      lastError: 'timeout',
      failuresInARow: 2,
    });
    tracker.onTokenFetch({ ok: true });
    expect(tracker.tokenState().failuresInARow).toBe(0);
  });

  it('keeps the failures since the service last answered well: calls and token requests, cleared by a good answer', () => {
    let now = Date.parse('2026-11-28T10:00:00Z');
    const tracker = new HealthTracker(() => now);
    tracker.onUpstreamCall(call(200, 10));
    expect(tracker.failureStreak()).toBeUndefined();
    expect(tracker.lastSuccessAt()).toBe(now);
    const firstFailure = (now += 1_000);
    tracker.onUpstreamCall(call(503, 10));
    now += 30_000;
    tracker.onTokenFetch({ ok: false, status: 401 });
    now += 40_000;
    tracker.onUpstreamCall(call('error', 10));
    expect(tracker.failureStreak()).toEqual({ sinceMs: firstFailure, failures: 3, lastError: 'no answer' });
    // A 404 or 409 is the service answering: the streak ends.
    tracker.onUpstreamCall(call(404, 10));
    expect(tracker.failureStreak()).toBeUndefined();
    expect(tracker.lastSuccessAt()).toBe(now);
  });
});
