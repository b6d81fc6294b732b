import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { openSqlite } from './sqlite-driver.js';

/** The two engines: embedded SQLite for one process, PostgreSQL for a team's shared deployment. */
export type Engine = 'sqlite' | 'postgres';

/**
 * A database URL from the environment: unset keeps SQLite under DATA_DIR, postgres:// (or
 * postgresql://) selects PostgreSQL. Anything else is refused at start-up.
 */
export const databaseUrlSchema = z
  .string()
  .trim()
  .optional()
  .transform((s) => (s === undefined || s === '' ? undefined : s))
  .refine((s) => s === undefined || /^postgres(ql)?:\/\/[^/]/.test(s), 'must be a postgres:// URL (unset for SQLite under DATA_DIR)')
  .refine((s) => s === undefined || URL.canParse(s), 'is not a valid URL');

export interface ConnectOptions {
  /** postgres:// URL; undefined: SQLite file `fileName` under `dataDir`. */
  url: string | undefined;
  dataDir: string;
  fileName: string;
  /** Shown in pg_stat_activity (PostgreSQL only). */
  applicationName: string;
}

/** A PostgreSQL pool's connections right now (metrics). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Connection<DB> {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the data lives, without credentials (start-up banner, logs). */
  location: string;
  /** PostgreSQL only: the pool's connections (SQLite has one connection and no pool). */
  poolStats?: () => PoolStats;
}

/** pg returns int8 (COUNT(*), bigint columns such as epoch milliseconds) as strings; every such value here fits a double. */
function pgTypes(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, Number);
  return types;
}

/** Owner-only file, created before SQLite opens it (SQLite gives its -wal and -shm files the same mode). */
function ownerOnlyFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
}

async function sqliteDialect(dataDir: string, fileName: string): Promise<{ dialect: Dialect; location: string }> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, fileName);
  ownerOnlyFile(path);
  const database = await openSqlite(path);
  // WAL keeps readers off the writer's back; synchronous=NORMAL in WAL mode is still durable across a process kill.
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  return { dialect: new SqliteDialect({ database }), location: path };
}

/** A request waits this long for a connection before it fails (503) instead of hanging while the server is unreachable. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * pg emits 'error' on a client whose connection dies (a restart, a failover, a terminated
 * session): on the pool for an idle client, on the client itself while it is lent out. Without
 * a listener that event ends the process. Here it is only noted: the pool drops the broken client,
 * the query it was running fails (the request gets a 503) and the next request gets a new connection.
 */
function resilientPool(pool: pg.Pool): pg.Pool {
  const dropped = (): void => undefined;
  pool.on('error', dropped);
  pool.on('connect', (client) => client.on('error', dropped));
  return pool;
}

/** host:port/database of a URL, never its password. */
export function redactedLocation(url: string): string {
  const u = new URL(url);
  return `postgres://${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}

/**
 * Opens the engine the configuration selects. On PostgreSQL the server is reached once here,
 * so a wrong URL or an unreachable server stops start-up with one clear line, not a stack trace
 * at the first request.
 */
export async function connect<DB>(options: ConnectOptions): Promise<Connection<DB>> {
  if (options.url === undefined) {
    const { dialect, location } = await sqliteDialect(options.dataDir, options.fileName);
    return { db: new Kysely<DB>({ dialect }), engine: 'sqlite', location };
  }
  const location = redactedLocation(options.url);
  const pool = resilientPool(
    new pg.Pool({
      connectionString: options.url,
      application_name: options.applicationName,
      max: 10,
      types: pgTypes(),
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    }),
  );
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnavailableError(`cannot reach PostgreSQL at ${location}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
    engine: 'postgres',
    location,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Start-up stops on this with its message alone (no stack): the operator has a setting to fix. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}
