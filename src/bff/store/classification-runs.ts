import type { Kysely, Selectable } from 'kysely';
import { jurisdictionSchema, runStatusSchema, type Jurisdiction, type RunStatus } from '../../contract/classification.js';
import type { RecordedRun, RunSummary } from '../../contract/classification-workbench.js';
import type { BffTables, ClassificationRunsTable } from './tables.js';

const UNFINISHED: RunStatus[] = ['Pending', 'Processing'];

export type NewRun = Omit<RecordedRun, 'status' | 'bestCode' | 'bestScore' | 'assignedScore' | 'better' | 'updatedAt'>;

/** Runs started through the BFF, shared by the team and kept across reloads and replicas. */
export interface ClassificationRunRepository {
  /** A run the service just accepted (Pending). */
  record(run: NewRun): Promise<RecordedRun>;
  get(runId: string): Promise<RecordedRun | undefined>;
  /** Runs of an item, newest first. */
  listForItem(itemId: string, limit: number): Promise<RecordedRun[]>;
  /** Runs last seen Pending or Processing; of one item and jurisdiction when given, oldest first. */
  unfinished(filter: { itemId?: string; jurisdiction?: Jurisdiction }, limit: number): Promise<RecordedRun[]>;
  /** What the service said about the run last (status, and the result summary once Completed). */
  update(runId: string, status: RunStatus, summary: RunSummary | undefined, at: string): Promise<void>;
  /** The latest completed run of each item and jurisdiction whose best code beats the assigned one, newest first. */
  betterSuggestions(limit: number): Promise<RecordedRun[]>;
}

const toRun = (r: Selectable<ClassificationRunsTable>): RecordedRun => ({
  runId: r.run_id,
  itemId: r.item_id,
  itemReference: r.item_reference,
  jurisdiction: jurisdictionSchema.parse(r.jurisdiction),
  code: r.code,
  assignedCode: r.assigned_code,
  startedBy: { sub: r.started_by_sub, name: r.started_by_name },
  startedAt: r.started_at,
  status: runStatusSchema.parse(r.status),
  bestCode: r.best_code,
  bestScore: r.best_score === null ? null : Number(r.best_score),
  assignedScore: r.assigned_score === null ? null : Number(r.assigned_score),
  better: r.better === 1,
  updatedAt: r.updated_at,
});

export function classificationRunRepository(db: Kysely<BffTables>): ClassificationRunRepository {
  const get = async (runId: string): Promise<RecordedRun | undefined> => {
    const row = await db.selectFrom('classification_runs').selectAll().where('run_id', '=', runId).executeTakeFirst();
    return row && toRun(row);
  };
  return {
    async record(run) {
      await db
        .insertInto('classification_runs')
        .values({
          run_id: run.runId,
          item_id: run.itemId,
          item_reference: run.itemReference,
          jurisdiction: run.jurisdiction,
          code: run.code,
          assigned_code: run.assignedCode,
          started_by_sub: run.startedBy.sub,
          started_by_name: run.startedBy.name,
          started_at: run.startedAt,
          status: 'Pending',
          best_code: null,
          best_score: null,
          assigned_score: null,
          better: 0,
          updated_at: run.startedAt,
        })
        .onConflict((oc) => oc.column('run_id').doNothing())
        .execute();
      const stored = await get(run.runId);
      if (!stored) throw new Error(`run ${run.runId} was not stored`);
      return stored;
    },

    get,

    async listForItem(itemId, limit) {
      const rows = await db
        .selectFrom('classification_runs')
        .selectAll()
        .where('item_id', '=', itemId)
        .orderBy('started_at', 'desc')
        .orderBy('run_id')
        .limit(limit)
        .execute();
      return rows.map(toRun);
    },

    async unfinished(filter, limit) {
      let query = db.selectFrom('classification_runs').selectAll().where('status', 'in', UNFINISHED);
      if (filter.itemId !== undefined) query = query.where('item_id', '=', filter.itemId);
      if (filter.jurisdiction !== undefined) query = query.where('jurisdiction', '=', filter.jurisdiction);
      const rows = await query.orderBy('started_at').limit(limit).execute();
      return rows.map(toRun);
    },

    async update(runId, status, summary, at) {
      await db
        .updateTable('classification_runs')
        .set({
          status,
          updated_at: at,
          ...(summary
            ? {
                best_code: summary.bestCode,
                best_score: summary.bestScore,
                assigned_score: summary.assignedScore,
                better: summary.better ? 1 : 0,
              }
            : {}),
        })
        .where('run_id', '=', runId)
        .execute();
    },

    async betterSuggestions(limit) {
      // Newest completed runs first; the first seen of each item and jurisdiction is its latest.
      const rows = await db
        .selectFrom('classification_runs')
        .selectAll()
        .where('status', '=', 'Completed')
        .orderBy('started_at', 'desc')
        .orderBy('run_id')
        .limit(5000)
        .execute();
      const seen = new Set<string>();
      const out: RecordedRun[] = [];
      for (const row of rows) {
        const key = `${row.item_id}\u0000${row.jurisdiction}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (row.better === 1) out.push(toRun(row));
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
