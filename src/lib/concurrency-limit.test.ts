import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit';

describe('concurrencyLimit', () => {
  it('runs at most `size` tasks at once, the rest in order, and passes results and failures through', async () => {
    const limit = concurrencyLimit(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (n: number) =>
      limit(async () => {
        started.push(n);
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
        if (n === 3) throw new Error('three');
        return n;
      });
    const results = [1, 2, 3, 4].map((n) => task(n).catch((e: unknown) => (e instanceof Error ? e.message : 'x')));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    while (started.length < 4 || releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual([1, 2, 'three', 4]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
  });
});
