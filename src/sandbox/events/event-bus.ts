import { randomUUID } from 'node:crypto';
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
    seq INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS events_by_tenant ON events (tenant_id, seq);`,
  resetTables: ['events'],
};

/** A notification the service emits (specification, Events: the envelope less its id and time). */
export interface NewEvent {
  tenantId: string;
  eventType: string;
  eventSubType?: string;
  data: Record<string, unknown>;
}

export interface EventEnvelope {
  id: string;
  tenantId: string;
  eventTime: string;
  eventType: string;
  eventSubType: string;
  data: Record<string, unknown>;
}

/**
 * Publishes events. Publishing is synchronous and joins the caller's transaction, so a status
 * change and its event are stored together. Listeners (webhook fan-out) run inside that same
 * call and must only write to the database (e.g. enqueue deliveries), never do I/O.
 */
export class EventBus {
  private readonly listeners: ((e: EventEnvelope) => void)[] = [];
  private seq = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
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
      data: event.data,
    };
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO events (id, tenant_id, event_time, event_type, event_sub_type, data, seq) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(envelope.id, envelope.tenantId, envelope.eventTime, envelope.eventType, envelope.eventSubType, JSON.stringify(envelope.data), ++this.seq);
      for (const l of this.listeners) l(envelope);
    })();
    return envelope;
  }
}
