import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

describe.each(testEngines())('meta repository on %s', (engine) => {
  it('keeps the first value put for a key', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    expect(await store.repos.meta.get('k')).toBeUndefined();
    expect(await store.repos.meta.putIfAbsent('k', 'first')).toBe('first');
    expect(await store.repos.meta.putIfAbsent('k', 'second')).toBe('first');
    expect(await store.repos.meta.get('k')).toBe('first');
  });
});

describe.skipIf(!testEngines().includes('postgres'))('meta across replicas', () => {
  it('agrees on one value when replicas put at once', async () => {
    const first = await openTestStore('postgres');
    const others = await Promise.all([first.reopen(), first.reopen(), first.reopen()]);
    const stores = [first.store, ...others];
    opened.push(...stores);
    const kept = await Promise.all(stores.map((s, i) => s.repos.meta.putIfAbsent('shared', `value-${i}`)));
    expect(new Set(kept).size).toBe(1);
  });
});
