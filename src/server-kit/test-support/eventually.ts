import { expect, vi } from 'vitest';

export interface EventuallyOptions {
  /** What is awaited, for the failure message. */
  what?: string;
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Test support: asks `probe` again (every `intervalMs`, default 50) until `ok` holds for its value,
 * and returns that value; a probe that throws counts as "not yet" (a server still starting). Fails
 * after `timeoutMs` (default 30 s, generous for a loaded machine) with the last value seen.
 */
export function eventually<T, U extends T>(probe: () => Promise<T>, ok: (v: T) => v is U, options?: EventuallyOptions): Promise<U>;
export function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, options?: EventuallyOptions): Promise<T>;
export function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, options: EventuallyOptions = {}): Promise<T> {
  const { what = 'condition', timeoutMs = 30_000, intervalMs = 50 } = options;
  return vi.waitFor(
    async () => {
      const value = await probe();
      expect(ok(value), `${what}; last seen: ${JSON.stringify(value)?.slice(0, 500)}`).toBe(true);
      return value;
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
