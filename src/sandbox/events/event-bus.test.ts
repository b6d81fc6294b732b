import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { eventEnvelopeSchema } from '../../contract/events.js';
import type { Engine } from '../../server-kit/database/engine.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../store/test-store.js';
import { JobQueue } from '../worker/job-queue.js';
import { EventBus, vendorTimestamp, wireEnvelope, type EventEnvelope } from './event-bus.js';

const fixedNow = () => new Date('2025-03-04T05:06:07.890Z');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function freshBus(engine: Engine) {
  const opened = await openTestStore(engine);
  const { store, legacyDb } = opened;
  const jobs = new JobQueue({ store, legacyDb, log: Fastify({ logger: false }).log, pollMs: 10 });
  const bus = new EventBus({ store, jobs, legacyDb, now: fixedNow });
  cleanups.push(async () => {
    await jobs.stop();
    await store.close();
  });
  return { store, jobs, bus };
}

describe.each(testEngines())('EventBus on %s', (engine) => {
  it('stores an event and runs the listeners inside the same transaction', async () => {
    const { store, bus } = await freshBus(engine);
    const seen: string[] = [];
    bus.onEventIn(async (tx, e) => {
      seen.push(`${e.eventType}/${e.eventSubType}/${(await tx.events.get(e.id))?.id === e.id}`);
    });
    const e = await store.transaction((tx) => bus.publishIn(tx, { tenantId: 't-1', eventType: 'DeclarationPdfCreated', data: { id: 'D1' } }));
    expect(seen).toEqual(['DeclarationPdfCreated//true']);
    expect(e).toEqual({ id: e.id, tenantId: 't-1', eventTime: '2025-03-04T05:06:07.890Z', eventType: 'DeclarationPdfCreated', eventSubType: '', data: { id: 'D1' } });
    expect(await bus.get(e.id)).toEqual(e);
    expect(await bus.get('nope')).toBeUndefined();
  });

  it('rolls the event and the listeners writes back when a listener throws', async () => {
    const { store, bus } = await freshBus(engine);
    bus.onEventIn(async (tx) => {
      await tx.jobs.insert({ kind: 'side-effect', payload: {}, runAt: 0, createdAt: 0 });
      throw new Error('listener failed');
    });
    await expect(store.transaction((tx) => bus.publishIn(tx, { tenantId: 't-1', eventType: 'X', data: {} }))).rejects.toThrow('listener failed');
    expect(await store.repos.events.list()).toEqual([]);
    expect(await store.repos.jobs.count()).toBe(0);
  });

  it('carries plantId when the publisher knows it', async () => {
    const { store, bus } = await freshBus(engine);
    const e = await store.transaction((tx) => bus.publishIn(tx, { tenantId: 't-1', eventType: 'DeclarationStatusChanged', eventSubType: 'Released', plantId: 'PLANT-7', data: {} }));
    expect((await bus.get(e.id))?.plantId).toBe('PLANT-7');
  });
});

describe('EventBus, legacy synchronous API (SQLite)', () => {
  it('stores the event and calls synchronous listeners inside the same transaction; publishIn calls them too', async () => {
    const { store, bus } = await freshBus('sqlite');
    const seen: string[] = [];
    bus.onEvent((e) => seen.push(e.eventType));
    const legacy = bus.publish({ tenantId: 't-1', eventType: 'Legacy', data: { id: 'D1' } });
    await store.transaction((tx) => bus.publishIn(tx, { tenantId: 't-1', eventType: 'Moved', data: {} }));
    expect(seen).toEqual(['Legacy', 'Moved']);
    expect(await bus.get(legacy.id)).toEqual(legacy);
    // Both paths share one table and one publication order.
    expect((await store.repos.events.list()).map((e) => [e.eventType, e.seq])).toEqual([
      ['Legacy', 1],
      ['Moved', 2],
    ]);
  });

  it('rolls the event back when a synchronous listener throws', async () => {
    const { store, bus } = await freshBus('sqlite');
    bus.onEvent(() => {
      throw new Error('listener failed');
    });
    expect(() => bus.publish({ tenantId: 't-1', eventType: 'X', data: {} })).toThrow('listener failed');
    expect(await store.repos.events.list()).toEqual([]);
  });

  it('runs the asynchronous listeners of a legacy-published event in a job, once it is committed', async () => {
    const { store, jobs, bus } = await freshBus('sqlite');
    const seen: EventEnvelope[] = [];
    bus.onEventIn(async (tx, e) => {
      seen.push(e);
      await tx.jobs.insert({ kind: 'written-by-listener', payload: { eventId: e.id }, runAt: Number.MAX_SAFE_INTEGER, createdAt: 0 });
    });
    const e = bus.publish({ tenantId: 't-1', eventType: 'X', plantId: 'P', data: { a: 1 } });
    expect(seen).toEqual([]);
    jobs.start();
    await jobs.drain();
    expect(seen).toEqual([e]);
    expect((await store.repos.jobs.list({ kinds: ['written-by-listener'] })).map((j) => j.payload)).toEqual([{ eventId: e.id }]);
  });
});

describe('wire envelope', () => {
  it('writes eventTime with 7 fractional digits like the vendor', async () => {
    expect(vendorTimestamp('2017-06-26T18:41:00.958Z')).toBe('2017-06-26T18:41:00.9580000Z');
    expect(vendorTimestamp('2017-06-26T18:41:00Z')).toBe('2017-06-26T18:41:00.0000000Z');
    expect(vendorTimestamp('not a time')).toBe('not a time');
    const { store, bus } = await freshBus('sqlite');
    const wire = wireEnvelope(await store.transaction((tx) => bus.publishIn(tx, { tenantId: 't', eventType: 'X', data: { a: 1 } })));
    expect(eventEnvelopeSchema.parse(wire).eventTime).toBe('2025-03-04T05:06:07.8900000Z');
  });
});
