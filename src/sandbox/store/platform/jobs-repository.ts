import type { Kysely } from 'kysely';
import type { Engine } from '../../../server-kit/database/engine.js';
import type { JobStatus, PlatformTables } from './platform-tables.js';

export type { JobStatus } from './platform-tables.js';

export interface NewJob {
  kind: string;
  /** Any JSON value; handed back parsed when the job is claimed. */
  payload: unknown;
  /** Epoch ms from which the job is due. */
  runAt: number;
  createdAt: number;
  /** Jobs with the same key run one at a time, in enqueue order. */
  orderKey?: string;
}

/** A job a worker has claimed: it is `running` until marked done, retried or failed. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** Including this one. */
  attempts: number;
}

export interface JobRecord {
  id: number;
  kind: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  runAt: number;
  lastError: string | null;
}

export interface JobFilter {
  status?: readonly JobStatus[];
  kinds?: readonly string[];
}

/**
 * The persisted job queue. A claim is one statement that marks due jobs running; on PostgreSQL
 * it skips rows another process is claiming (FOR UPDATE SKIP LOCKED), so each job goes to
 * exactly one worker however many sandbox processes share the database.
 */
export interface JobsRepository {
  insert(job: NewJob): Promise<number>;
  /** The (up to `limit`) longest-due jobs of `kind` at `now`, marked running (attempts + 1, claimed at `now`); by id. */
  claimDue(kind: string, now: number, limit: number): Promise<ClaimedJob[]>;
  /** Finished: nothing to keep. */
  markDone(id: number): Promise<void>;
  /** Queued again, due at `runAt` (the handler asked for a retry). */
  retryAt(id: number, runAt: number): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;
  /** Running jobs claimed at or before `claimedAtOrBefore` go back to the queue (their worker is gone); how many. */
  requeueRunning(claimedAtOrBefore: number): Promise<number>;
  /** Jobs due at `now` or running. */
  countDue(now: number): Promise<number>;
  count(filter?: JobFilter): Promise<number>;
  list(filter?: JobFilter): Promise<JobRecord[]>;
}

const parsePayload = (payload: string): unknown => JSON.parse(payload);

export function jobsRepository(db: Kysely<PlatformTables>, engine: Engine): JobsRepository {
  const filtered = (filter: JobFilter) => {
    let query = db.selectFrom('jobs');
    if (filter.status) query = filter.status.length ? query.where('status', 'in', filter.status) : query.where((eb) => eb.lit(false));
    if (filter.kinds) query = filter.kinds.length ? query.where('kind', 'in', filter.kinds) : query.where((eb) => eb.lit(false));
    return query;
  };

  return {
    async insert(job) {
      const row = {
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        run_at: job.runAt,
        created_at: job.createdAt,
        order_key: job.orderKey ?? null,
      };
      return (await db.insertInto('jobs').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async claimDue(kind, now, limit) {
      const due = db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'queued')
        .where('kind', '=', kind)
        .where('run_at', '<=', now)
        // An ordered job waits while an earlier job with its key is queued or running.
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('jobs as earlier')
                .select('earlier.id')
                .whereRef('earlier.order_key', '=', 'jobs.order_key')
                .whereRef('earlier.id', '<', 'jobs.id')
                .where('earlier.status', 'in', ['queued', 'running']),
            ),
          ),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit);
      const rows = await db
        .updateTable('jobs')
        .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), run_at: now }))
        .where('id', 'in', engine === 'postgres' ? due.forUpdate().skipLocked() : due)
        // Checked again on the row it updates: a job another process claimed (and committed) since
        // this statement's snapshot is not claimed twice.
        .where('status', '=', 'queued')
        .returning(['id', 'kind', 'payload', 'attempts'])
        .execute();
      return rows.sort((a, b) => a.id - b.id).map((r) => ({ ...r, payload: parsePayload(r.payload) }));
    },

    async markDone(id) {
      await db.deleteFrom('jobs').where('id', '=', id).execute();
    },

    async retryAt(id, runAt) {
      await db.updateTable('jobs').set({ status: 'queued', run_at: runAt }).where('id', '=', id).execute();
    },

    async markFailed(id, error) {
      await db.updateTable('jobs').set({ status: 'failed', last_error: error }).where('id', '=', id).execute();
    },

    async requeueRunning(claimedAtOrBefore) {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'queued' })
        .where('status', '=', 'running')
        .where('run_at', '<=', claimedAtOrBefore)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async countDue(now) {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]), eb('status', '=', 'running')]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async count(filter = {}) {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async list(filter = {}) {
      const rows = await filtered(filter)
        .select(['id', 'kind', 'payload', 'status', 'attempts', 'run_at', 'last_error'])
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        payload: parsePayload(r.payload),
        status: r.status,
        attempts: r.attempts,
        runAt: r.run_at,
        lastError: r.last_error,
      }));
    },
  };
}
