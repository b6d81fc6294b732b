import type { Kysely, Selectable } from 'kysely';
import type { EventEnvelope } from '../../contract/events.js';
import { eventEnvelopeSchema } from '../../contract/events.js';
import { DECLARATION_EVENT_TYPES, type InboxEvent } from '../../contract/live.js';
import type { Engine } from '../../server-kit/database/engine.js';
import { notifyQuery } from '../../server-kit/database/notifications.js';
import { transactionLock } from './advisory-locks.js';
import { INBOX_CHANNEL } from './inbox-feed.js';
import type { BffTables, EventInboxTable } from './tables.js';

/** An event as stored: enough to write an SSE frame without parsing it again. */
export interface StoredEvent {
  seq: number;
  id: string;
  eventType: string;
  receivedAt: string;
  /** The envelope as JSON, one line. */
  json: string;
}

/**
 * Every event the service delivered, once: keyed by the envelope id, because delivery is
 * at-least-once and unordered (specification, Events, delivery rule 4), and with several replicas
 * any of them may receive it. `seq` is the order of first receipt, which is the order /api/live
 * sends events in. It is also commit order, so "everything after seq n" never skips a row that
 * commits late: the basis of Last-Event-ID replay and of each replica's fan-out.
 */
export interface EventInboxRepository {
  /** Stores a newly received event; undefined when its id was seen before (a retry, a duplicate, or another replica got it first). */
  receive(envelope: EventEnvelope, receivedAt?: Date): Promise<StoredEvent | undefined>;
  /** seq of the event with this envelope id. */
  seqOf(id: string): Promise<number | undefined>;
  /** The newest `limit` events after `seq`, oldest first (a replay: the most recent matter). */
  newestAfter(seq: number, limit: number): Promise<StoredEvent[]>;
  /** The first `limit` events after `seq`, oldest first (the fan-out's next batch). */
  oldestAfter(seq: number, limit: number): Promise<StoredEvent[]>;
  /** The highest seq stored, 0 when empty. */
  latestSeq(): Promise<number>;
  /** The declaration's events, newest eventTime first. */
  forDeclaration(declarationId: string, limit: number): Promise<InboxEvent[]>;
}

/** data.id of the declaration events (specification, Events: declaration event data), else null. */
export function declarationIdOf(envelope: EventEnvelope): string | null {
  const id = envelope.data['id'];
  return DECLARATION_EVENT_TYPES.includes(envelope.eventType) && typeof id === 'string' && id !== '' ? id : null;
}

const STORED_COLUMNS = ['seq', 'id', 'event_type', 'received_at', 'envelope'] as const;
type StoredRow = Pick<Selectable<EventInboxTable>, (typeof STORED_COLUMNS)[number]>;
const toStored = (r: StoredRow): StoredEvent => ({
  seq: r.seq,
  id: r.id,
  eventType: r.event_type,
  receivedAt: r.received_at,
  json: r.envelope,
});

/** `stored(seq)`: called once a new row is committed (or, inside an outer transaction, written), to wake this process's fan-out. */
export function eventInboxRepository(db: Kysely<BffTables>, engine: Engine, stored: (seq: number) => void): EventInboxRepository {
  const insert = async (tx: Kysely<BffTables>, envelope: EventEnvelope, json: string, at: string): Promise<number | undefined> => {
    // PostgreSQL hands out seq values at insert, not at commit; inserting one at a time makes seq
    // order commit order. (SQLite has one writer, so it is already.)
    if (engine === 'postgres') await transactionLock('inboxOrder').execute(tx);
    const row = await tx
      .insertInto('event_inbox')
      .values({
        id: envelope.id,
        event_type: envelope.eventType,
        event_sub_type: envelope.eventSubType || null,
        declaration_id: declarationIdOf(envelope),
        event_time: envelope.eventTime,
        event_ms: Date.parse(envelope.eventTime),
        received_at: at,
        envelope: json,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('seq')
      .executeTakeFirst();
    // Every replica LISTENs; the notification goes out when this transaction commits.
    if (row && engine === 'postgres') await notifyQuery(INBOX_CHANNEL, String(row.seq)).execute(tx);
    return row?.seq;
  };

  return {
    async receive(envelope, receivedAt = new Date()) {
      const json = JSON.stringify(envelope);
      const at = receivedAt.toISOString();
      const write = (tx: Kysely<BffTables>) => insert(tx, envelope, json, at);
      const seq = engine === 'sqlite' || db.isTransaction ? await write(db) : await db.transaction().execute(write);
      if (seq === undefined) return undefined;
      stored(seq);
      return { seq, id: envelope.id, eventType: envelope.eventType, receivedAt: at, json };
    },

    async seqOf(id) {
      return (await db.selectFrom('event_inbox').select('seq').where('id', '=', id).executeTakeFirst())?.seq;
    },

    async newestAfter(seq, limit) {
      const rows = await db
        .selectFrom('event_inbox')
        .select(STORED_COLUMNS)
        .where('seq', '>', seq)
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map(toStored);
    },

    async oldestAfter(seq, limit) {
      const rows = await db.selectFrom('event_inbox').select(STORED_COLUMNS).where('seq', '>', seq).orderBy('seq').limit(limit).execute();
      return rows.map(toStored);
    },

    async latestSeq() {
      const row = await db
        .selectFrom('event_inbox')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      return row?.seq ?? 0;
    },

    async forDeclaration(declarationId, limit) {
      const rows = await db
        .selectFrom('event_inbox')
        .select(['received_at', 'envelope'])
        .where('declaration_id', '=', declarationId)
        .orderBy('event_ms', 'desc')
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ receivedAt: r.received_at, event: eventEnvelopeSchema.parse(JSON.parse(r.envelope)) }));
    },
  };
}
