import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const LIMIT = { perSecond: 2, capacity: 4 };

describe.each(testEngines())('rate limit buckets on %s', (engine) => {
  it('grants a full bucket, then refuses with the seconds until the next token, and refills with time', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const take = (at: number, key = 'u1') => store.repos.rateLimitBuckets.take(key, LIMIT, at);
    const t0 = 1_700_000_000_000;
    expect(await Promise.all([take(t0), take(t0), take(t0), take(t0)])).toEqual([0, 0, 0, 0]);
    expect(await take(t0)).toBe(1);
    expect(await take(t0, 'u2')).toBe(0);
    expect(await take(t0 + 499)).toBe(1);
    expect(await take(t0 + 500)).toBe(0);
    expect(await take(t0 + 500)).toBe(1);
    // Long idle: full again, never above capacity.
    const later = t0 + 60_000;
    // Taken at once, the five may be served in any order (PostgreSQL): four granted, one told to wait.
    const takes = await Promise.all([take(later), take(later), take(later), take(later), take(later)]);
    expect(takes.sort()).toEqual([0, 0, 0, 0, 1]);
  });
});

describe.skipIf(!testEngines().includes('postgres'))('rate limit buckets across replicas', () => {
  it('spends each token once when replicas take at once', async () => {
    const first = await openTestStore('postgres');
    const others = await Promise.all([first.reopen(), first.reopen()]);
    const stores = [first.store, ...others];
    opened.push(...stores);
    const at = 1_700_000_000_000;
    const takers = Array.from({ length: 12 }, (_, i) => stores[i % stores.length] ?? first.store);
    const takes = await Promise.all(takers.map((s) => s.repos.rateLimitBuckets.take('shared', LIMIT, at)));
    expect(takes.filter((t) => t === 0)).toHaveLength(LIMIT.capacity);
  });
});
