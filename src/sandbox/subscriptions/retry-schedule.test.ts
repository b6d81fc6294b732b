import { describe, expect, it } from 'vitest';
import { JITTER_RATIO, RETRY_WINDOW_MS, expiryFor, jitteredDelayMs, nextAttemptAt, nominalRetryDelayMs } from './retry-schedule.js';

const S = 1000;
const H = 3600 * S;

describe('retry schedule', () => {
  it('follows the specification: 10 s, 30 s, 1 min, 5 min, 10 min, 30 min, 1 h, 3 h, 6 h, then every 12 h', () => {
    const delays = Array.from({ length: 12 }, (_, i) => nominalRetryDelayMs(i + 1));
    expect(delays).toEqual([10 * S, 30 * S, 60 * S, 300 * S, 600 * S, 1800 * S, H, 3 * H, 6 * H, 12 * H, 12 * H, 12 * H]);
  });

  it('keeps jitter within +-5% of the nominal delay', () => {
    expect(jitteredDelayMs(10 * S, () => 0)).toBe(10 * S * (1 - JITTER_RATIO));
    expect(jitteredDelayMs(10 * S, () => 0.5)).toBe(10 * S);
    expect(jitteredDelayMs(10 * S, () => 0.999999)).toBeLessThan(10 * S * (1 + JITTER_RATIO));
  });

  it('makes 11 attempts within 24 h of the event (no delay), then expires', () => {
    const eventTime = 0;
    const expiresAt = expiryFor(eventTime, 1);
    expect(expiresAt).toBe(RETRY_WINDOW_MS);
    const attempts = [eventTime];
    for (;;) {
      const last = attempts.at(-1) ?? 0;
      const next = nextAttemptAt({ failedAttempts: attempts.length, failedAt: last, expiresAt, timeScale: 1, random: () => 0.5 });
      if (next === null) break;
      attempts.push(next);
    }
    expect(attempts).toHaveLength(11);
    expect(attempts[9]).toBe(38_800 * S); // 10 s + ... + 6 h = 10 h 46 min 40 s
    expect(attempts[10]).toBe(38_800 * S + 12 * H);
    expect(attempts.every((t) => t <= expiresAt)).toBe(true);
  });

  it('divides delays and the window by the time scale', () => {
    expect(nextAttemptAt({ failedAttempts: 1, failedAt: 1_000, expiresAt: expiryFor(0, 100), timeScale: 100, random: () => 0.5 })).toBe(
      1_100,
    );
    expect(expiryFor(5, 3600)).toBe(5 + 24 * S);
  });

  it('clamps a jittered attempt to the end of the window', () => {
    const failedAt = 0;
    const expiresAt = 10 * S; // nominal 10 s fits exactly; +5% would not
    expect(nextAttemptAt({ failedAttempts: 1, failedAt, expiresAt, timeScale: 1, random: () => 0.999 })).toBe(expiresAt);
    expect(nextAttemptAt({ failedAttempts: 2, failedAt, expiresAt, timeScale: 1 })).toBeNull();
  });
});
