import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import type { Engine } from '../../../server-kit/database/engine.js';
import type { EventsTable, PlatformTables } from './platform-tables.js';

/** A notification the service emits (specification, Events: the envelope less its id and time). */
export interface NewEvent {
  tenantId: string;
  eventType: string;
  eventSubType?: string;
  /** The vendor's technical plant id, sent next to the envelope fields when known (docs/service-facts.md 3.1). */
  plantId?: string;
  data: Record<string, unknown>;
}

/** A published event as stored (specification, Events: Envelope; eventTime as an ISO timestamp). */
export interface EventEnvelope {
  id: string;
  tenantId: string;
  eventTime: string;
  eventType: string;
  eventSubType: string;
  plantId?: string;
  data: Record<string, unknown>;
}

export interface EventFilter {
  tenantId?: string;
  eventType?: string;
  /** Only events after this one (by publication order). */
  afterSeq?: number;
  limit?: number;
}

/** A stored event with its place in the publication order. */
export interface StoredEvent extends EventEnvelope {
  seq: number;
}

export interface EventsRepository {
  /** Stores an event; the database assigns its seq (two processes never collide). */
  insert(event: EventEnvelope): Promise<number>;
  get(id: string): Promise<EventEnvelope | undefined>;
  /** Events in publication order (oldest first). */
  list(filter?: EventFilter): Promise<StoredEvent[]>;
}

const dataSchema = z.record(z.string(), z.unknown());

function toEvent(row: Selectable<EventsTable>): StoredEvent {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    eventTime: row.event_time,
    eventType: row.event_type,
    eventSubType: row.event_sub_type ?? '',
    ...(row.plant_id ? { plantId: row.plant_id } : {}),
    data: dataSchema.parse(JSON.parse(row.data)),
    seq: row.seq,
  };
}

const withoutSeq = ({ seq: _seq, ...event }: StoredEvent): EventEnvelope => event;

export function eventsRepository(db: Kysely<PlatformTables>, engine: Engine): EventsRepository {
  return {
    async insert(e) {
      const row = {
        id: e.id,
        tenant_id: e.tenantId,
        event_time: e.eventTime,
        event_type: e.eventType,
        event_sub_type: e.eventSubType,
        plant_id: e.plantId ?? null,
        data: JSON.stringify(e.data),
      };
      // PostgreSQL: the column's sequence. SQLite: writers are serialized, so MAX + 1 in the statement is unique.
      const values = engine === 'postgres' ? row : { ...row, seq: sql<number>`(SELECT COALESCE(MAX(seq), 0) + 1 FROM events)` };
      const { seq } = await db.insertInto('events').values(values).returning('seq').executeTakeFirstOrThrow();
      return seq;
    },

    async get(id) {
      const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
      return row && withoutSeq(toEvent(row));
    },

    async list(filter = {}) {
      let query = db.selectFrom('events').selectAll().orderBy('seq');
      if (filter.tenantId !== undefined) query = query.where('tenant_id', '=', filter.tenantId);
      if (filter.eventType !== undefined) query = query.where('event_type', '=', filter.eventType);
      if (filter.afterSeq !== undefined) query = query.where('seq', '>', filter.afterSeq);
      if (filter.limit !== undefined) query = query.limit(filter.limit);
      return (await query.execute()).map(toEvent);
    },
  };
}
