import { sql, type Kysely } from 'kysely';
import { eventEnvelopeSchema } from '../../contract/events.js';
import type { EventLogPage, EventLogQuery } from '../../contract/event-log.js';
import type { Engine } from '../../server-kit/database/engine.js';
import type { BffTables } from './tables.js';

/** The event inbox read as a log for people: newest first, filtered, paged by seq. */
export interface EventLogRepository {
  page(query: EventLogQuery): Promise<EventLogPage>;
  /**
   * When each of these declarations last entered each status it has been in, from the
   * DeclarationStatusChanged events received (the sub type is the new status): one row per
   * declaration and status, aggregated in SQL.
   */
  statusEntries(declarationIds: readonly string[]): Promise<StatusEntry[]>;
}

interface StatusEntry {
  declarationId: string;
  status: string;
  /** Epoch milliseconds of the event. */
  enteredMs: number;
}

/** Bound parameters per IN list. */
const CHUNK = 500;

export function eventLogRepository(db: Kysely<BffTables>, engine: Engine): EventLogRepository {
  return {
    async page(q) {
      let select = db.selectFrom('event_inbox').select(['seq', 'received_at', 'envelope']);
      if (q.before !== undefined) select = select.where('seq', '<', q.before);
      if (q.type) select = select.where('event_type', '=', q.type);
      if (q.subType) select = select.where('event_sub_type', '=', q.subType);
      if (q.declarationId) select = select.where('declaration_id', '=', q.declarationId);
      if (q.from) select = select.where('event_ms', '>=', Date.parse(q.from));
      if (q.to) select = select.where('event_ms', '<=', Date.parse(q.to));
      if (q.reference) {
        // The value as a complete JSON string ("REF", quotes included): an exact, case-sensitive
        // match of any string field. instr and strpos are case-sensitive on both engines (LIKE is not on SQLite).
        const needle = JSON.stringify(q.reference);
        select = select.where(
          engine === 'postgres' ? sql<boolean>`strpos(envelope, ${needle}) > 0` : sql<boolean>`instr(envelope, ${needle}) > 0`,
        );
      }
      // One more than asked: tells whether an older page exists.
      const rows = await select
        .orderBy('seq', 'desc')
        .limit(q.limit + 1)
        .execute();
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        events: page.map((r) => ({ seq: r.seq, receivedAt: r.received_at, event: eventEnvelopeSchema.parse(JSON.parse(r.envelope)) })),
        nextBefore: rows.length > q.limit && last ? last.seq : null,
      };
    },

    async statusEntries(declarationIds) {
      const out: StatusEntry[] = [];
      for (let i = 0; i < declarationIds.length; i += CHUNK) {
        const rows = await db
          .selectFrom('event_inbox')
          .select(['declaration_id', 'event_sub_type', (eb) => eb.fn.max('event_ms').as('entered_ms')])
          .where('event_type', '=', 'DeclarationStatusChanged')
          .where('declaration_id', 'in', declarationIds.slice(i, i + CHUNK))
          .where('event_sub_type', 'is not', null)
          .groupBy(['declaration_id', 'event_sub_type'])
          .execute();
        for (const r of rows)
          if (r.declaration_id !== null && r.event_sub_type !== null)
            out.push({ declarationId: r.declaration_id, status: r.event_sub_type, enteredMs: Number(r.entered_ms) });
      }
      return out;
    },
  };
}
