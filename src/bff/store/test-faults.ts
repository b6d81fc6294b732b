import pg from 'pg';
import { BFF_LISTENER_APPLICATION_NAME } from './bff-store.js';

/**
 * Tests only: ends every BFF replica's LISTEN session on the database at `databaseUrl`, as a
 * PostgreSQL restart or failover would. Resolves with how many it ended.
 */
export async function interruptInboxListeners(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [BFF_LISTENER_APPLICATION_NAME],
    );
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}
