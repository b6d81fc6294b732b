import type { Kysely } from 'kysely';
import type { BffTables } from './tables.js';

/** When the BFF last stored an event of each type (any replica): the health page's "time since the last event". */
export interface EventActivityRepository {
  lastReceivedByType(): Promise<Map<string, string>>;
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
  };
}
