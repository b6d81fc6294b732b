import { sql, type Kysely } from 'kysely';
import type { SlaTargets } from '../../contract/sla-targets.js';
import type { BffTables } from './tables.js';

/** A declaration waiting longer than (or close to) its target, from the dashboard's facts. */
export interface LateDeclaration {
  declarationId: string;
  lrn: string | null;
  status: string;
  jurisdiction: string;
  kind: 'fix' | 'submit' | 'release';
  sinceMs: number;
  dueMs: number;
  owner: { sub: string; name: string } | null;
}

/** A better classification suggestion nobody has decided on since it came. */
export interface PendingClassification {
  runId: string;
  itemId: string;
  itemReference: string | null;
  jurisdiction: string;
  sinceIso: string;
  owner: { sub: string; name: string };
}

/**
 * The radar's queries over what the BFF stores (the dashboard's declaration facts, the
 * assignments, the classification runs and decisions): computed in SQL, bounded by `limit`.
 */
export interface RadarRepository {
  /** Due at or before `untilMs`: Invalid/CustomsError since status_ms + fix, Validated + submit, Accepted unreleased since lodgement + release (excise flows have no release). */
  lateDeclarations(targets: SlaTargets, untilMs: number, limit: number): Promise<LateDeclaration[]>;
  pendingClassifications(limit: number): Promise<PendingClassification[]>;
}

const MINUTE = 60_000;

export function radarRepository(db: Kysely<BffTables>): RadarRepository {
  return {
    async lateDeclarations(targets, untilMs, limit) {
      const fix = targets.fixInvalidMinutes * MINUTE;
      const submit = targets.submitValidatedMinutes * MINUTE;
      const release = targets.releaseMinutes * MINUTE;
      const kind = sql<string>`case when f.current_status in ('Invalid', 'CustomsError') then 'fix' when f.current_status = 'Validated' then 'submit' else 'release' end`;
      const since = sql<number | string>`case when f.current_status = 'Accepted' then f.lodged_ms else f.status_ms end`;
      const due = sql<number | string>`case when f.current_status in ('Invalid', 'CustomsError') then f.status_ms + ${fix}
        when f.current_status = 'Validated' then f.status_ms + ${submit} else f.lodged_ms + ${release} end`;
      const rows = await db
        .selectFrom('declaration_facts as f')
        .leftJoin('assignments as a', 'a.declaration_id', 'f.declaration_id')
        .select(['f.declaration_id', 'f.lrn', 'f.current_status', 'f.jurisdiction', 'a.owner_sub', 'a.owner_name'])
        .select([kind.as('kind'), since.as('since_ms'), due.as('due_ms')])
        .where((eb) =>
          eb.or([
            eb.and([eb('f.current_status', 'in', ['Invalid', 'CustomsError']), eb(sql`f.status_ms + ${fix}`, '<=', untilMs)]),
            eb.and([eb('f.current_status', '=', 'Validated'), eb(sql`f.status_ms + ${submit}`, '<=', untilMs)]),
            eb.and([
              eb('f.current_status', '=', 'Accepted'),
              eb('f.released_ms', 'is', null),
              eb('f.customs_flow', 'not like', '%Excise%'),
              eb(sql`f.lodged_ms + ${release}`, '<=', untilMs),
            ]),
          ]),
        )
        .orderBy(due)
        .orderBy('f.declaration_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        declarationId: r.declaration_id,
        lrn: r.lrn,
        status: r.current_status,
        jurisdiction: r.jurisdiction,
        kind: r.kind === 'fix' || r.kind === 'submit' ? r.kind : 'release',
        sinceMs: Number(r.since_ms),
        dueMs: Number(r.due_ms),
        owner: r.owner_sub !== null && r.owner_name !== null ? { sub: r.owner_sub, name: r.owner_name } : null,
      }));
    },

    async pendingClassifications(limit) {
      // The latest completed run of each item and jurisdiction, when it found a better code and no decision came after it.
      const rows = await db
        .selectFrom('classification_runs as r')
        .select(['r.run_id', 'r.item_id', 'r.item_reference', 'r.jurisdiction', 'r.updated_at', 'r.started_by_sub', 'r.started_by_name'])
        .where('r.status', '=', 'Completed')
        .where('r.better', '=', 1)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('classification_runs as later')
                .select('later.run_id')
                .whereRef('later.item_id', '=', 'r.item_id')
                .whereRef('later.jurisdiction', '=', 'r.jurisdiction')
                .where('later.status', '=', 'Completed')
                .whereRef('later.started_at', '>', 'r.started_at'),
            ),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('classification_decisions as d')
                .select('d.id')
                .whereRef('d.item_id', '=', 'r.item_id')
                .whereRef('d.jurisdiction', '=', 'r.jurisdiction')
                .whereRef('d.decided_at', '>=', 'r.updated_at'),
            ),
          ),
        )
        .orderBy('r.updated_at')
        .orderBy('r.run_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        runId: r.run_id,
        itemId: r.item_id,
        itemReference: r.item_reference,
        jurisdiction: r.jurisdiction,
        sinceIso: r.updated_at,
        owner: { sub: r.started_by_sub, name: r.started_by_name },
      }));
    },
  };
}
