import { afterEach, describe, expect, it } from 'vitest';
import { eventEnvelopeSchema } from '../../contract/events.js';
import type { Engine } from '../../server-kit/database/engine.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../store/test-store.js';
import { EventBus, vendorTimestamp, wireEnvelope } from './event-bus.js';

const fixedNow = () => new Date('2025-03-04T05:06:07.890Z');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function freshBus(engine: Engine) {
  const opened = await openTestStore(engine);
  const { store } = opened;
  const bus = new EventBus({ store, now: fixedNow });
  cleanups.push(() => store.close());
  return { store, bus };
}

describe.each(testEngines())('EventBus on %s', (engine) => {
  it('stores an event and runs the listeners inside the same transaction', async () => {
    const { store, bus } = await freshBus(engine);
    const seen: string[] = [];
    bus.onEventIn(async (tx, e) => {
      seen.push(`${e.eventType}/${e.eventSubType}/${(await tx.events.get(e.id))?.id === e.id}`);
    });
    const e = await store.transaction((tx) =>
      bus.publishIn(tx, { tenantId: 't-1', eventType: 'DeclarationPdfCreated', data: { id: 'D1' } }),
    );
    expect(seen).toEqual(['DeclarationPdfCreated//true']);
    expect(e).toEqual({
      id: e.id,
      tenantId: 't-1',
      eventTime: '2025-03-04T05:06:07.890Z',
      eventType: 'DeclarationPdfCreated',
      eventSubType: '',
      data: { id: 'D1' },
    });
    expect(await bus.get(e.id)).toEqual(e);
    expect(await bus.get('nope')).toBeUndefined();
  });

  it('rolls the event and the listeners writes back when a listener throws', async () => {
    const { store, bus } = await freshBus(engine);
    bus.onEventIn(async (tx) => {
      await tx.jobs.insert({ kind: 'side-effect', payload: {}, runAt: 0, createdAt: 0 });
      throw new Error('listener failed');
    });
    await expect(store.transaction((tx) => bus.publishIn(tx, { tenantId: 't-1', eventType: 'X', data: {} }))).rejects.toThrow(
      'listener failed',
    );
    expect(await store.repos.events.list()).toEqual([]);
    expect(await store.repos.jobs.count()).toBe(0);
  });

  it('carries plantId when the publisher knows it', async () => {
    const { store, bus } = await freshBus(engine);
    const e = await store.transaction((tx) =>
      bus.publishIn(tx, { tenantId: 't-1', eventType: 'DeclarationStatusChanged', eventSubType: 'Released', plantId: 'PLANT-7', data: {} }),
    );
    expect((await bus.get(e.id))?.plantId).toBe('PLANT-7');
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
