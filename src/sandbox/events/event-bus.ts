import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db, SchemaPart } from '../store/db.js';

export const eventSchema: SchemaPart = {
  name: 'events',
  ddl: `CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    event_time TEXT NOT NULL,
    event_type TEXT NOT NULL,
    event_sub_type TEXT,
    data TEXT NOT NULL,
    seq INTEGER NOT NULL,
    plant_id TEXT
  );
  CREATE INDEX IF NOT EXISTS events_by_tenant ON events (tenant_id, seq);`,
  resetTables: ['events'],
};

/** A notification the service emits (specification, Events: the envelope less its id and time). */
export interface NewEvent {
  tenantId: string;
  eventType: string;
  eventSubType?: string;
  /** The vendor's technical plant id, sent next to the envelope fields when known (service-facts.md 3.1). */
  plantId?: string;
  data: Record<string, unknown>;
}

export interface EventEnvelope {
  id: string;
  tenantId: string;
  eventTime: string;
  eventType: string;
  eventSubType: string;
  plantId?: string;
  data: Record<string, unknown>;
}

interface EventRow {
  id: string;
  tenant_id: string;
  event_time: string;
  event_type: string;
  event_sub_type: string | null;
  plant_id: string | null;
  data: string;
}

const dataSchema = z.record(z.string(), z.unknown());

/**
 * Publishes events. Publishing is synchronous and joins the caller's transaction, so a status
 * change and its event are stored together. Listeners (webhook fan-out) run inside that same
 * call and must only write to the database (e.g. enqueue deliveries), never do I/O: a listener
 * that throws rolls the whole publish back.
 */
export class EventBus {
  private readonly listeners: ((e: EventEnvelope) => void)[] = [];
  private seq = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    migrate(db);
    this.seq = this.db.prepare<[], { s: number | null }>('SELECT MAX(seq) AS s FROM events').get()?.s ?? 0;
  }

  onEvent(listener: (e: EventEnvelope) => void): void {
    this.listeners.push(listener);
  }

  publish(event: NewEvent): EventEnvelope {
    const envelope: EventEnvelope = {
      id: randomUUID(),
      tenantId: event.tenantId,
      eventTime: this.now().toISOString(),
      eventType: event.eventType,
      eventSubType: event.eventSubType ?? '',
      ...(event.plantId ? { plantId: event.plantId } : {}),
      data: event.data,
    };
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO events (id, tenant_id, event_time, event_type, event_sub_type, plant_id, data, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(
          envelope.id,
          envelope.tenantId,
          envelope.eventTime,
          envelope.eventType,
          envelope.eventSubType,
          envelope.plantId ?? null,
          JSON.stringify(envelope.data),
          ++this.seq,
        );
      for (const l of this.listeners) l(envelope);
    })();
    return envelope;
  }

  /** A stored event, as it was published (undefined when unknown or cleared by a reset). */
  get(id: string): EventEnvelope | undefined {
    const row = this.db
      .prepare<[string], EventRow>('SELECT id, tenant_id, event_time, event_type, event_sub_type, plant_id, data FROM events WHERE id = ?')
      .get(id);
    if (!row) return undefined;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      eventTime: row.event_time,
      eventType: row.event_type,
      eventSubType: row.event_sub_type ?? '',
      ...(row.plant_id ? { plantId: row.plant_id } : {}),
      data: dataSchema.parse(JSON.parse(row.data)),
    };
  }
}

/** Databases created before plant_id existed get the column (CREATE TABLE IF NOT EXISTS leaves them as they are). */
function migrate(db: Db): void {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(events)').all();
  if (columns.length > 0 && !columns.some((c) => c.name === 'plant_id')) db.exec('ALTER TABLE events ADD COLUMN plant_id TEXT');
}

/**
 * The wire form of an event (specification, Events: Envelope): the stored event with eventTime in
 * the vendor's format, 7 fractional digits and Z (service-facts.md 3.1), so receivers meet the
 * precision they will meet in production.
 */
export function wireEnvelope(event: EventEnvelope): EventEnvelope {
  return { ...event, eventTime: vendorTimestamp(event.eventTime) };
}

/** 2017-06-26T18:41:00.958Z becomes 2017-06-26T18:41:00.9580000Z; other forms pass unchanged. */
export function vendorTimestamp(iso: string): string {
  const m = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d{1,7}))?Z$/.exec(iso);
  if (!m) return iso;
  return `${m[1]}.${(m[2] ?? '').padEnd(7, '0')}Z`;
}
