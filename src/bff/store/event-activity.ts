import type { Kysely } from 'kysely';
import { DECLARATION_ACTIONS } from '../../contract/declaration-actions.js';
import type { BffTables } from './tables.js';

/** Every declaration action: the service answers each with an event (its outcome, a status change or a document). */
const ACTION_OPERATIONS = Object.values(DECLARATION_ACTIONS).map((a) => `POST /v1/declarations/{declarationId}/${a.segment}`);

/** What the health page and the health alerts read of the traffic: events stored (any replica) and actions sent. */
export interface EventActivityRepository {
  /** When the BFF last stored an event of each type: the health page's "time since the last event". */
  lastReceivedByType(): Promise<Map<string, string>>;
  /** When the BFF last stored any event; null when none yet. */
  lastReceivedAt(): Promise<string | null>;
  /** The first declaration action the service accepted (2xx) after `after` (any time when null), through any replica. */
  firstActionSentAfter(after: string | null): Promise<string | null>;
}

export function eventActivityRepository(db: Kysely<BffTables>): EventActivityRepository {
  return {
    async lastReceivedByType() {
      const rows = await db
        .selectFrom('event_inbox')
        .select((eb) => ['event_type', eb.fn.max('received_at').as('last')])
        .groupBy('event_type')
        .execute();
      return new Map(rows.flatMap((r) => (r.last ? [[r.event_type, String(r.last)]] : [])));
    },
    async lastReceivedAt() {
      // The newest by the receipt order (the primary key), not a scan of every row.
      const row = await db.selectFrom('event_inbox').select('received_at').orderBy('seq', 'desc').limit(1).executeTakeFirst();
      return row?.received_at ?? null;
    },
    async firstActionSentAfter(after) {
      let query = db
        .selectFrom('audit_log')
        .select('time')
        .where('operation', 'in', ACTION_OPERATIONS)
        .where('upstream_status', '>=', 200)
        .where('upstream_status', '<', 300);
      if (after !== null) query = query.where('time', '>', after);
      const row = await query.orderBy('time', 'asc').limit(1).executeTakeFirst();
      return row?.time ?? null;
    },
  };
}
