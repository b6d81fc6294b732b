import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Engine } from './engine.js';

/**
 * Test support: the engines a test suite runs on. SQLite always; PostgreSQL when
 * TEST_DATABASE_URL points at a server the tests may create databases on (`.ci/run` starts a
 * throwaway cluster and sets it).
 */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** The engine integration tests start their servers on: TEST_ENGINE=postgres (with TEST_DATABASE_URL) or SQLite. */
export function integrationEngine(): Engine {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/** A new, empty PostgreSQL database on the test server; its URL. */
export async function createTestDatabase(): Promise<string> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests need a server (see README, Test it)');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database URL for a test server on `engine`: undefined (SQLite under its data dir) or a new PostgreSQL database. */
export async function testDatabaseUrl(engine: Engine = integrationEngine()): Promise<string | undefined> {
  return engine === 'postgres' ? createTestDatabase() : undefined;
}
