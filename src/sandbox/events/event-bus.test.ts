import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { eventEnvelopeSchema } from '../../contract/events.js';
import { applySchema } from '../store/db.js';
import { EventBus, eventSchema, vendorTimestamp, wireEnvelope } from './event-bus.js';

const fixedNow = () => new Date('2025-03-04T05:06:07.890Z');

function freshBus(): { db: Database.Database; bus: EventBus } {
  const db = new Database(':memory:');
  applySchema(db, [eventSchema]);
  return { db, bus: new EventBus(db, fixedNow) };
}

describe('EventBus', () => {
  it('stores an event and calls listeners inside the same transaction', () => {
    const { db, bus } = freshBus();
    const seen: string[] = [];
    bus.onEvent((e) => {
      const n = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM events WHERE id = ?').get(e.id)?.n;
      seen.push(`${e.eventType}/${e.eventSubType}/${n}`);
    });
    const e = bus.publish({ tenantId: 't-1', eventType: 'DeclarationPdfCreated', data: { id: 'D1' } });
    expect(seen).toEqual(['DeclarationPdfCreated//1']);
    expect(e).toEqual({ id: e.id, tenantId: 't-1', eventTime: '2025-03-04T05:06:07.890Z', eventType: 'DeclarationPdfCreated', eventSubType: '', data: { id: 'D1' } });
    expect(bus.get(e.id)).toEqual(e);
    expect(bus.get('nope')).toBeUndefined();
  });

  it('rolls the event back when a listener throws', () => {
    const { db, bus } = freshBus();
    bus.onEvent(() => {
      throw new Error('listener failed');
    });
    expect(() => bus.publish({ tenantId: 't-1', eventType: 'X', data: {} })).toThrow('listener failed');
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM events').get()?.n).toBe(0);
  });

  it('carries plantId when the publisher knows it', () => {
    const { bus } = freshBus();
    const e = bus.publish({ tenantId: 't-1', eventType: 'DeclarationStatusChanged', eventSubType: 'Released', plantId: 'PLANT-7', data: {} });
    expect(bus.get(e.id)?.plantId).toBe('PLANT-7');
  });

  it('adds plant_id to an events table created before it existed', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE events (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, event_time TEXT NOT NULL, event_type TEXT NOT NULL, event_sub_type TEXT, data TEXT NOT NULL, seq INTEGER NOT NULL)');
    db.prepare("INSERT INTO events VALUES ('old', 't', '2024-01-01T00:00:00.000Z', 'X', '', '{}', 4)").run();
    const bus = new EventBus(db, fixedNow);
    expect(bus.get('old')).toMatchObject({ id: 'old', eventSubType: '' });
    const e = bus.publish({ tenantId: 't', eventType: 'X', plantId: 'P', data: {} });
    expect(bus.get(e.id)?.plantId).toBe('P');
  });
});

describe('wire envelope', () => {
  it('writes eventTime with 7 fractional digits like the vendor', () => {
    expect(vendorTimestamp('2017-06-26T18:41:00.958Z')).toBe('2017-06-26T18:41:00.9580000Z');
    expect(vendorTimestamp('2017-06-26T18:41:00Z')).toBe('2017-06-26T18:41:00.0000000Z');
    expect(vendorTimestamp('not a time')).toBe('not a time');
    const { bus } = freshBus();
    const wire = wireEnvelope(bus.publish({ tenantId: 't', eventType: 'X', data: { a: 1 } }));
    expect(eventEnvelopeSchema.parse(wire).eventTime).toBe('2025-03-04T05:06:07.8900000Z');
  });
});
