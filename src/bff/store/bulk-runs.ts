import type { Kysely } from 'kysely';
import { z } from 'zod';
import { bulkActionSchema, bulkRowOutcomeSchema, type BulkRun, type NewBulkRun } from '../../contract/review.js';
import type { BffTables } from './tables.js';

/** Bulk Validate/Submit runs, run in the browser and recorded here so the desk shows the last ones. */
export interface BulkRunsRepository {
  record(run: NewBulkRun, by: { sub: string; name: string }): Promise<BulkRun>;
  /** Newest first. */
  latest(limit: number): Promise<BulkRun[]>;
}

const rowsSchema = z.array(bulkRowOutcomeSchema);

export function bulkRunsRepository(db: Kysely<BffTables>): BulkRunsRepository {
  return {
    async record(run, by) {
      const row = await db
        .insertInto('bulk_runs')
        .values({
          action: run.action,
          started_by_sub: by.sub,
          started_by: by.name,
          started_at: run.startedAt,
          finished_at: run.finishedAt,
          cancelled: run.cancelled ? 1 : 0,
          rows: JSON.stringify(run.rows),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ...run, id: row.id, startedBy: by.name };
    },

    async latest(limit) {
      const rows = await db.selectFrom('bulk_runs').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({
        id: r.id,
        action: bulkActionSchema.parse(r.action),
        startedBy: r.started_by,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        cancelled: r.cancelled === 1,
        rows: rowsSchema.parse(JSON.parse(r.rows)),
      }));
    },
  };
}
