import type { EventEnvelope } from '../../contract/events.js';
import { eventEnvelopeSchema } from '../../contract/events.js';
import { DECLARATION_EVENT_TYPES, type InboxEvent } from '../../contract/live.js';
import type { Db } from '../store/db.js';

/** An event as stored: enough to write an SSE frame without parsing it again. */
export interface StoredEvent {
  seq: number;
  id: string;
  eventType: string;
  receivedAt: string;
  /** The envelope as JSON, one line. */
  json: string;
}

interface Row {
  seq: number;
  id: string;
  event_type: string;
  received_at: string;
  envelope: string;
}

const toStored = (r: Row): StoredEvent => ({ seq: r.seq, id: r.id, eventType: r.event_type, receivedAt: r.received_at, json: r.envelope });

/** data.id of the declaration events (specification, Events: declaration event data), else null. */
export function declarationIdOf(envelope: EventEnvelope): string | null {
  const id = envelope.data['id'];
  return DECLARATION_EVENT_TYPES.includes(envelope.eventType) && typeof id === 'string' && id !== '' ? id : null;
}

/**
 * Every event the service delivered, once: keyed by the envelope id, because delivery is
 * at-least-once and unordered (specification, Events, delivery rule 4). `seq` is the order of
 * first receipt, which is the order /api/live sends them in and Last-Event-ID refers to.
 */
export class EventInbox {
  private readonly insert;
  private readonly seqOf;
  private readonly afterSeq;
  private readonly byDeclaration;

  constructor(db: Db) {
    db.exec(`CREATE TABLE IF NOT EXISTS event_inbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      event_type TEXT NOT NULL,
      event_sub_type TEXT,
      declaration_id TEXT,
      event_time TEXT NOT NULL,
      -- eventTime as epoch milliseconds: the ISO strings vary in precision and offset, so they do not sort as text.
      event_ms INTEGER NOT NULL,
      received_at TEXT NOT NULL,
      envelope TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS event_inbox_declaration ON event_inbox (declaration_id, event_ms);`);
    this.insert = db.prepare<[string, string, string | null, string | null, string, number, string, string]>(
      `INSERT OR IGNORE INTO event_inbox (id, event_type, event_sub_type, declaration_id, event_time, event_ms, received_at, envelope)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.seqOf = db.prepare<[string], { seq: number }>('SELECT seq FROM event_inbox WHERE id = ?');
    // The newest `limit` after seq, returned oldest first.
    this.afterSeq = db.prepare<[number, number], Row>(
      'SELECT * FROM (SELECT seq, id, event_type, received_at, envelope FROM event_inbox WHERE seq > ? ORDER BY seq DESC LIMIT ?) ORDER BY seq',
    );
    this.byDeclaration = db.prepare<[string, number], Row>(
      'SELECT seq, id, event_type, received_at, envelope FROM event_inbox WHERE declaration_id = ? ORDER BY event_ms DESC, seq DESC LIMIT ?',
    );
  }

  /** Stores a newly received event; undefined when its id was seen before (a retry or a duplicate). */
  receive(envelope: EventEnvelope, receivedAt: Date = new Date()): StoredEvent | undefined {
    const json = JSON.stringify(envelope);
    const at = receivedAt.toISOString();
    const result = this.insert.run(
      envelope.id,
      envelope.eventType,
      envelope.eventSubType || null,
      declarationIdOf(envelope),
      envelope.eventTime,
      Date.parse(envelope.eventTime),
      at,
      json,
    );
    if (result.changes === 0) return undefined;
    return { seq: Number(result.lastInsertRowid), id: envelope.id, eventType: envelope.eventType, receivedAt: at, json };
  }

  /** Events first received after the one with `id` (at most `limit`, the newest); undefined when `id` is unknown. */
  after(id: string, limit: number): StoredEvent[] | undefined {
    const row = this.seqOf.get(id);
    return row ? this.afterSeq.all(row.seq, limit).map(toStored) : undefined;
  }

  /** The declaration's events, newest eventTime first. */
  forDeclaration(declarationId: string, limit: number): InboxEvent[] {
    return this.byDeclaration.all(declarationId, limit).map((r) => ({ receivedAt: r.received_at, event: eventEnvelopeSchema.parse(JSON.parse(r.envelope)) }));
  }
}
