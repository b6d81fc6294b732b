import { describe, expect, it } from 'vitest';
import { incidentStatus, minutesSince, subscriptionStatus, tokenStatus, upstreamStatus } from './health-status';

const token = { lastObtainedAt: '2026-11-28T06:00:00.000Z', lastFailureAt: null, lastError: null, failuresInARow: 0 };
const upstream = { calls: 100, errors: 0, errorRate: 0, p50Ms: 20, p95Ms: 80 };

describe('health statuses', () => {
  it('calls the token ok without failures, warning after one, failing after three or when never obtained', () => {
    expect(tokenStatus(token)).toBe('ok');
    expect(tokenStatus({ ...token, failuresInARow: 1 })).toBe('warning');
    expect(tokenStatus({ ...token, failuresInARow: 3 })).toBe('failing');
    expect(tokenStatus({ ...token, lastObtainedAt: null, failuresInARow: 1 })).toBe('failing');
  });

  it('calls a subscription quiet after the BFF’s silence limit without an event, or with none yet', () => {
    expect(subscriptionStatus(29 * 60, 30)).toBe('ok');
    expect(subscriptionStatus(30 * 60, 30)).toBe('warning');
    expect(subscriptionStatus(10 * 60, 10)).toBe('warning');
    expect(subscriptionStatus(null, 30)).toBe('warning');
  });

  it('calls an incident failing while it lasts and OK once it ended', () => {
    const incident = {
      id: 1,
      kind: 'service-failing',
      openedAt: '2026-11-28T10:01:00.000Z',
      closedAt: null,
      since: '2026-11-28T10:00:00.000Z',
      lastEventAt: null,
      lastError: 'HTTP 503',
    } as const;
    expect(incidentStatus(incident)).toBe('failing');
    expect(incidentStatus({ ...incident, closedAt: '2026-11-28T10:05:00.000Z' })).toBe('ok');
  });

  it('calls the service failing when one answer in five failed, warning for fewer', () => {
    expect(upstreamStatus(upstream)).toBe('ok');
    expect(upstreamStatus({ ...upstream, errors: 5, errorRate: 0.05 })).toBe('warning');
    expect(upstreamStatus({ ...upstream, errors: 20, errorRate: 0.2 })).toBe('failing');
  });

  it('counts whole minutes', () => {
    expect(minutesSince(119)).toBe(1);
  });
});
