import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
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

/** Runs `work` under the lock, noting when it held it; `entered` is told once it holds it. */
const holding = (store: BffStore, log: string[], name: string, entered?: () => void) =>
  store.exclusively('liveSubscriptions', async () => {
    log.push(`${name} in`);
    entered?.();
    await new Promise((r) => setTimeout(r, 150));
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
    const { store } = await openTestStore(engine);
    opened.push(store);
    const log: string[] = [];
    await expect(store.exclusively('liveSubscriptions', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.all([holding(store, log, 'a'), holding(store, log, 'b')]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out']);
  });
});

function signal(): { promise: Promise<void>; fire: () => void } {
  let fire = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

describe.skipIf(!testEngines().includes('postgres'))('live subscriptions across replicas', () => {
  it('lets one replica at a time hold the lock, and gives up when told to wait no longer', async () => {
    const first = await openTestStore('postgres');
    const second = await first.reopen();
    opened.push(first.store, second);
    const log: string[] = [];
    // The second replica asks only once the first holds the lock (a fixed head start lost the race under load).
    const aIn = signal();
    await Promise.all([holding(first.store, log, 'a', aIn.fire), aIn.promise.then(() => holding(second, log, 'b'))]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out']);

    const cIn = signal();
    const held = holding(first.store, log, 'c', cIn.fire);
    await cIn.promise;
    await expect(second.exclusively('liveSubscriptions', async () => undefined, { waitMs: 50, pollMs: 10 })).rejects.toThrow(LockBusyError);
    await held;
    await expect(second.exclusively('liveSubscriptions', async () => 'mine')).resolves.toBe('mine');
  });
});
