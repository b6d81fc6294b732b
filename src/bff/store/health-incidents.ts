import type { Kysely, Selectable } from 'kysely';
import { healthIncidentSchema, type HealthIncident, type HealthIncidentKind } from '../../contract/console-health.js';
import type { BffTables, HealthIncidentsTable } from './tables.js';

export type NewHealthIncident = Pick<HealthIncident, 'kind' | 'since' | 'lastEventAt' | 'lastError'>;

/** The console's health incidents, shared by every replica: at most one open per kind. */
export interface HealthIncidentsRepository {
  /** Opens an incident unless one of its kind is open; returns it only to the caller that opened it. */
  open(incident: NewHealthIncident, at: string): Promise<HealthIncident | undefined>;
  /** The newest incident of a kind, open (closedAt null) or closed. */
  latest(kind: HealthIncidentKind): Promise<HealthIncident | undefined>;
  /** Closes the open incident of a kind; returns it only to the caller that closed it. */
  close(kind: HealthIncidentKind, at: string): Promise<HealthIncident | undefined>;
  /** The open incidents first, then those closed at or after `closedSince`, newest first. */
  recent(closedSince: string, limit: number): Promise<HealthIncident[]>;
}

const toIncident = (r: Selectable<HealthIncidentsTable>): HealthIncident =>
  healthIncidentSchema.parse({
    id: r.id,
    kind: r.kind,
    openedAt: r.opened_at,
    closedAt: r.closed_at,
    since: r.since,
    lastEventAt: r.last_event_at,
    lastError: r.last_error,
  });

export function healthIncidentsRepository(db: Kysely<BffTables>): HealthIncidentsRepository {
  return {
    async open(incident, at) {
      const row = await db
        .insertInto('health_incidents')
        .values({
          kind: incident.kind,
          open_kind: incident.kind,
          opened_at: at,
          closed_at: null,
          since: incident.since,
          last_event_at: incident.lastEventAt,
          last_error: incident.lastError,
        })
        // The unique open_kind: a second replica opening the same kind at once inserts nothing.
        .onConflict((oc) => oc.column('open_kind').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ? toIncident(row) : undefined;
    },
    async latest(kind) {
      const row = await db
        .selectFrom('health_incidents')
        .selectAll()
        .where('kind', '=', kind)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toIncident(row) : undefined;
    },
    async close(kind, at) {
      const row = await db
        .updateTable('health_incidents')
        .set({ open_kind: null, closed_at: at })
        .where('open_kind', '=', kind)
        .returningAll()
        .executeTakeFirst();
      return row ? toIncident(row) : undefined;
    },
    async recent(closedSince, limit) {
      const rows = await db
        .selectFrom('health_incidents')
        .selectAll()
        .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>=', closedSince)]))
        .orderBy('opened_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      // Open first; within each, newest first.
      return rows.map(toIncident).sort((a, b) => Number(a.closedAt !== null) - Number(b.closedAt !== null));
    },
  };
}
