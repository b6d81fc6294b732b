import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { latch } from '../../server-kit/test-support/latch.js';
import { untilLockTries } from '../../server-kit/test-support/lock-waiters.js';
import { openTestStore } from '../test-support/test-store.js';
import { LockBusyError } from './advisory-locks.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const record = (id: string, createdAt: string, eventType = 'DeclarationStatusChanged') => ({
  id,
  eventType,
  destinationUrl: 'http://localhost:8080/webhooks/customs',
  secretFingerprint: 'f'.repeat(64),
  createdAt,
});

/** Runs under the lock, noting when it held it; `entered` is told once it holds it; it lets go when `leave` opens. */
const holding = (store: BffStore, log: string[], name: string, leave: Promise<void> = Promise.resolve(), entered?: () => void) =>
  store.exclusively('liveSubscriptions', async () => {
    log.push(`${name} in`);
    entered?.();
    await leave;
    log.push(`${name} out`);
  });

describe.each(testEngines())('live subscription repository on %s', (engine) => {
  it('adds, lists oldest first and removes the BFF’s subscription records', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const subs = store.repos.liveSubscriptions;
    await subs.add(record('s-2', '2025-03-04T05:06:08.000Z'));
    await subs.add(record('s-1', '2025-03-04T05:06:07.000Z', 'MovementOrderStatusChanged'));
    expect(await subs.list()).toEqual([
      record('s-1', '2025-03-04T05:06:07.000Z', 'MovementOrderStatusChanged'),
      record('s-2', '2025-03-04T05:06:08.000Z'),
    ]);
    await subs.remove('s-1');
    await subs.remove('unknown');
    expect((await subs.list()).map((s) => s.id)).toEqual(['s-2']);
  });

  it('runs exclusive work one at a time, also after a failure', async () => {
    const { store, databaseUrl } = await openTestStore(engine);
    opened.push(store);
    const log: string[] = [];
    await expect(store.exclusively('liveSubscriptions', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const aIn = latch();
    const aLeaves = latch();
    const a = holding(store, log, 'a', aLeaves.opened, aIn.open);
    await aIn.opened;
    const b = holding(store, log, 'b');
    // a lets go only once b has asked for the lock (SQLite: b is queued behind a as soon as it asks).
    if (databaseUrl) await untilLockTries(databaseUrl, 2);
    aLeaves.open();
    await Promise.all([a, b]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out']);
  });
});

describe.skipIf(!testEngines().includes('postgres'))('live subscriptions across replicas', () => {
  it('lets one replica at a time hold the lock, and gives up when told to wait no longer', async () => {
    const first = await openTestStore('postgres');
    const second = await first.reopen();
    opened.push(first.store, second);
    const databaseUrl = first.databaseUrl ?? '';
    const log: string[] = [];
    // The second replica asks only once the first holds the lock; the first lets go once it has asked.
    const aIn = latch();
    const aLeaves = latch();
    const a = holding(first.store, log, 'a', aLeaves.opened, aIn.open);
    await aIn.opened;
    const b = holding(second, log, 'b');
    await untilLockTries(databaseUrl, 2);
    aLeaves.open();
    await Promise.all([a, b]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out']);

    const cIn = latch();
    const cLeaves = latch();
    const held = holding(first.store, log, 'c', cLeaves.opened, cIn.open);
    await cIn.opened;
    await expect(second.exclusively('liveSubscriptions', async () => undefined, { waitMs: 50, pollMs: 10 })).rejects.toThrow(LockBusyError);
    cLeaves.open();
    await held;
    await expect(second.exclusively('liveSubscriptions', async () => 'mine')).resolves.toBe('mine');
  });
});
