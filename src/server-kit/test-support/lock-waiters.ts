import pg from 'pg';
import { expect, vi } from 'vitest';

/** Polls pg_stat_activity of the database at `databaseUrl` until `count` other sessions match `where` (`what` names them on failure). */
async function untilSessions(databaseUrl: string, what: string, where: string, count: number, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await vi.waitFor(
      async () => {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
        );
        expect(rows[0]?.n ?? 0, what).toBeGreaterThanOrEqual(count);
      },
      { timeout: timeoutMs, interval: 10 },
    );
  } finally {
    await client.end();
  }
}

/**
 * Test support (PostgreSQL): resolves once `count` sessions wait in the server for a lock another
 * transaction holds (a row lock, `pg_advisory_xact_lock`), the moment a test's hold has done its job.
 */
export function untilLockWaiters(databaseUrl: string, count: number, timeoutMs = 10_000): Promise<void> {
  return untilSessions(databaseUrl, 'sessions waiting for a lock', `wait_event_type = 'Lock'`, count, timeoutMs);
}

/**
 * Test support (PostgreSQL): resolves once `count` sessions have asked for an advisory lock with
 * `pg_try_advisory_lock` (which polls instead of waiting in the server): the holder and those refused.
 */
export function untilLockTries(databaseUrl: string, count: number, timeoutMs = 10_000): Promise<void> {
  return untilSessions(databaseUrl, 'sessions that asked for the advisory lock', `query LIKE '%pg_try_advisory_lock%'`, count, timeoutMs);
}
