import { describe, expect, it } from 'vitest';
import { deliveryAttempts, formatDuration, WEBHOOK_RETRY_WINDOW_S } from './webhook-delivery';

describe('webhook delivery timeline', () => {
  it('follows the specification: at once, then 10 s, 30 s, 1 min, 5 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, all within 24 h', () => {
    const attempts = deliveryAttempts();
    expect(attempts.map((a) => a.afterS)).toEqual([0, 10, 30, 60, 300, 600, 1800, 3600, 10800, 21600, 43200]);
    expect(attempts.at(-1)?.atS).toBe(10 + 30 + 60 + 300 + 600 + 1800 + 3600 + 10800 + 21600 + 43200);
    expect(attempts.every((a) => a.atS <= WEBHOOK_RETRY_WINDOW_S)).toBe(true);
  });

  it('formats durations for people', () => {
    expect(formatDuration(10)).toBe('10 s');
    expect(formatDuration(100)).toBe('1 min 40 s');
    expect(formatDuration(17200)).toBe('4 h 46 min 40 s');
    expect(formatDuration(86400)).toBe('24 h');
    expect(formatDuration(0)).toBe('0 s');
  });
});
