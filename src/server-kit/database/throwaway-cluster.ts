import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../test-support/free-port.js';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../scripts/test-postgres.sh', import.meta.url));

/**
 * Test support: a PostgreSQL cluster of one test's own (scripts/test-postgres.sh on a free port
 * and a fresh directory), which the test may stop and start again as an operator's restart or
 * failover would, without touching the cluster other tests share.
 */
export interface ThrowawayCluster {
  /** The cluster's `postgres` database (administration). */
  adminUrl: string;
  /** A new, empty database on the cluster; its URL. */
  createDatabase(name: string): Promise<string>;
  /** Ends every session on the databases but the caller's (a failover, an idle-connection killer); how many. */
  terminateSessions(databases: readonly string[]): Promise<number>;
  /** pg_ctl stop -m fast: sessions end, new connections are refused. */
  stop(): Promise<void>;
  /** Starts the stopped cluster again on the same port and data. */
  resume(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-throwaway-'));
  const env = { ...process.env, TEST_PG_PORT: String(await freePort()), TEST_PG_DIR: dir };
  const script = (command: 'start' | 'stop' | 'resume') => run('bash', [SCRIPT, command], { env, timeout: 120_000 });
  const { stdout } = await script('start');
  const adminUrl = /TEST_DATABASE_URL=(\S+)/.exec(stdout)?.[1];
  if (!adminUrl) throw new Error(`scripts/test-postgres.sh printed no URL: ${stdout}`);
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    adminUrl,
    createDatabase: (name) =>
      admin(async (client) => {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        return url.toString();
      }),
    terminateSessions: (databases) =>
      admin(async (client) => {
        const { rowCount } = await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()',
          [databases],
        );
        return rowCount ?? 0;
      }),
    stop: async () => void (await script('stop')),
    resume: async () => void (await script('resume')),
    destroy: async () => {
      await script('stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
