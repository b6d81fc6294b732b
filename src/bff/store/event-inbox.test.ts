import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '../../contract/events.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { untilLockWaiters } from '../../server-kit/test-support/lock-waiters.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const envelope = (
  id: string,
  eventTime = '2025-03-04T05:06:07Z',
  declarationId = 'd-1',
  eventType = 'DeclarationStatusChanged',
): EventEnvelope => ({ id, tenantId: 't', eventTime, eventType, eventSubType: 'Released', data: { id: declarationId } });

describe.each(testEngines())('event inbox repository on %s', (engine) => {
  it('stores each id once, orders a declaration by event time whatever the precision, and reads after a seq', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const inbox = store.repos.eventInbox;
    expect(await inbox.latestSeq()).toBe(0);
    // Delivered out of order, one twice; 7 fractional digits and an offset, as the vendor may send.
    const b = await inbox.receive(envelope('b', '2025-03-04T05:06:07.8910000Z'), new Date('2025-03-04T05:06:10Z'));
    expect(b).toMatchObject({ id: 'b', eventType: 'DeclarationStatusChanged', receivedAt: '2025-03-04T05:06:10.000Z' });
    expect(JSON.parse(b?.json ?? '')).toEqual(envelope('b', '2025-03-04T05:06:07.8910000Z'));
    expect(await inbox.receive(envelope('a', '2025-03-04T05:06:07.89Z'))).toBeDefined();
    expect(await inbox.receive(envelope('b', '2025-03-04T05:06:07.8910000Z'))).toBeUndefined();
    // 04:06:07.5Z: the oldest, though it sorts last as text.
    expect(await inbox.receive(envelope('c', '2025-03-04T06:06:07.5+02:00'))).toBeDefined();
    expect(await inbox.receive(envelope('m', '2025-03-04T05:06:09Z', 'mo-1', 'MovementOrderStatusChanged'))).toBeDefined();

    const events = await inbox.forDeclaration('d-1', 10);
    expect(events.map((e) => e.event.id)).toEqual(['b', 'a', 'c']);
    expect(events[0]).toEqual({ receivedAt: '2025-03-04T05:06:10.000Z', event: envelope('b', '2025-03-04T05:06:07.8910000Z') });
    expect(await inbox.forDeclaration('mo-1', 10)).toEqual([]);

    const bSeq = await inbox.seqOf('b');
    expect(bSeq).toBe(b?.seq);
    expect(await inbox.seqOf('unknown')).toBeUndefined();
    const after = (await inbox.newestAfter(bSeq ?? -1, 10)).map((e) => e.id);
    expect(after).toEqual(['a', 'c', 'm']);
    expect((await inbox.newestAfter(bSeq ?? -1, 2)).map((e) => e.id)).toEqual(['c', 'm']);
    expect((await inbox.oldestAfter(bSeq ?? -1, 2)).map((e) => e.id)).toEqual(['a', 'c']);
    const all = await inbox.oldestAfter(0, 10);
    expect(all.map((e) => e.id)).toEqual(['b', 'a', 'c', 'm']);
    expect(all.map((e) => e.seq)).toEqual([...all.map((e) => e.seq)].sort((x, y) => x - y));
    expect(await inbox.latestSeq()).toBe(all.at(-1)?.seq);
  });

  it('wakes this process’s watchers when it stores a new event, not for a duplicate', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const onNew = vi.fn();
    const watch = await store.watchInbox({ onNew });
    stops.push(() => watch.stop());
    expect(watch.listening).toBe(true);
    onNew.mockClear(); // PostgreSQL: the first connect says "catch up"
    const stored = await store.repos.eventInbox.receive(envelope('e1'));
    expect(onNew).toHaveBeenCalledWith(stored?.seq);
    await vi.waitFor(() => expect(onNew.mock.calls.length).toBe(engine === 'postgres' ? 2 : 1)); // and its own NOTIFY
    onNew.mockClear();
    await store.repos.eventInbox.receive(envelope('e1'));
    // A new event after the duplicate: once its wake-ups are in, any of the duplicate's would be too (NOTIFYs arrive in order).
    const next = await store.repos.eventInbox.receive(envelope('e2'));
    await vi.waitFor(() => expect(onNew.mock.calls.length).toBe(engine === 'postgres' ? 2 : 1));
    for (const [seq] of onNew.mock.calls) expect(seq).toBe(next?.seq);
  });
});

describe.skipIf(!testEngines().includes('postgres'))('event inbox across replicas', () => {
  it('keeps one row per envelope id when replicas receive it at once', async () => {
    const first = await openTestStore('postgres');
    const second = await first.reopen();
    opened.push(first.store, second);
    const ids = Array.from({ length: 40 }, (_, i) => `e-${i}`);
    // Every envelope delivered to both replicas at the same time.
    const results = await Promise.all(
      ids.flatMap((id) => [first.store.repos.eventInbox.receive(envelope(id)), second.repos.eventInbox.receive(envelope(id))]),
    );
    const stored = results.filter((r) => r !== undefined);
    expect(stored.map((s) => s.id).sort()).toEqual([...ids].sort());
    const rows = await second.repos.eventInbox.oldestAfter(0, 100);
    expect(rows).toHaveLength(ids.length);
    expect(new Set(rows.map((r) => r.seq)).size).toBe(ids.length);
  });

  it('gives seq in commit order: a reader never sees a later seq while an earlier one may still commit', async () => {
    const first = await openTestStore('postgres');
    const second = await first.reopen();
    opened.push(first.store, second);
    let fast: Promise<unknown> = Promise.resolve();
    const slow = first.store.transaction(async (tx) => {
      await tx.eventInbox.receive(envelope('slow'));
      fast = second.repos.eventInbox.receive(envelope('fast'));
      await untilLockWaiters(first.databaseUrl ?? '', 1);
      // Still open: 'fast' waits for this commit instead of committing a later seq first.
      expect(await second.repos.eventInbox.latestSeq()).toBe(0);
    });
    await slow;
    await fast;
    expect((await second.repos.eventInbox.oldestAfter(0, 10)).map((e) => e.id)).toEqual(['slow', 'fast']);
  });

  it('wakes the other replica’s watcher through the database', async () => {
    const first = await openTestStore('postgres');
    const second = await first.reopen();
    opened.push(first.store, second);
    const seen: (number | undefined)[] = [];
    const watch = await second.watchInbox({ onNew: (seq) => seen.push(seq) });
    stops.push(() => watch.stop());
    const stored = await first.store.repos.eventInbox.receive(envelope('from-first'));
    await vi.waitFor(() => expect(seen).toContain(stored?.seq));
  });
});
