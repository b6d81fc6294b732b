import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * PostgreSQL advisory lock keys of the BFF, in the two-key form (the migrator's one-key locks
 * live in another key space). The first key is the BFF's; the second, what is locked.
 */
const BFF_LOCK_SPACE = 0x0bff;
export const LOCKS = {
  /** Serialises inbox inserts, so seq order is commit order (see event-inbox.ts). */
  inboxOrder: 1,
  /** One replica at a time reconciles the deployment's webhook subscriptions. */
  liveSubscriptions: 2,
  /** One run start at a time, so two replicas cannot both start a run for the same item and jurisdiction. */
  classificationRunStart: 3,
  /** One replica at a time rebuilds the review desk's error index (issue 18's number, clear of others). */
  errorIndexRebuild: 18,
  /** One replica backfills the dashboard's facts from the service's search (issue 25). */
  dashboardBackfill: 25,
} as const;
export type LockName = keyof typeof LOCKS;

/** Held until the transaction ends. */
export const transactionLock = (name: LockName): RawBuilder<unknown> =>
  sql`SELECT pg_advisory_xact_lock(${sql.lit(BFF_LOCK_SPACE)}, ${sql.lit(LOCKS[name])})`;

const tryLock = (name: LockName) =>
  sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${sql.lit(BFF_LOCK_SPACE)}, ${sql.lit(LOCKS[name])}) AS locked`;
const unlock = (name: LockName) => sql`SELECT pg_advisory_unlock(${sql.lit(BFF_LOCK_SPACE)}, ${sql.lit(LOCKS[name])})`;

/** Another replica held the lock for longer than the caller would wait. */
export class LockBusyError extends Error {
  override name = 'LockBusyError';
}

export interface SessionLockOptions {
  /** Give up (LockBusyError) after this long; default 60 s. */
  waitMs?: number;
  /** How often to try while another session holds it; default 250 ms. */
  pollMs?: number;
  signal?: AbortSignal;
}

/**
 * Runs `work` while this session holds the lock, on one pinned pool connection, so `work` may run
 * for long (HTTP calls) without an open transaction, and its own writes commit one by one. The
 * server drops the lock if the connection dies. Polls with a try-lock instead of waiting in the
 * server, so a stop signal ends the wait at once.
 */
export async function withSessionLock<DB, T>(
  db: Kysely<DB>,
  name: LockName,
  work: () => Promise<T>,
  options: SessionLockOptions = {},
): Promise<T> {
  const { waitMs = 60_000, pollMs = 250, signal } = options;
  return db.connection().execute(async (conn) => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      signal?.throwIfAborted();
      const { rows } = await tryLock(name).execute(conn);
      if (rows[0]?.locked) break;
      if (Date.now() >= deadline)
        throw new LockBusyError(`another replica has held the ${name} lock for over ${Math.round(waitMs / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    try {
      return await work();
    } finally {
      await unlock(name).execute(conn);
    }
  });
}
