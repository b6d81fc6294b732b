import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '../../server-kit/database/engine.js';
import { testDatabaseUrl } from '../../server-kit/database/test-databases.js';
import { openSandboxStore, type OpenedSandboxStore } from './sandbox-store.js';

/**
 * Test support for repository contract tests: a fresh, migrated sandbox database on `engine`
 * (SQLite in a new temporary directory, or a new PostgreSQL database on TEST_DATABASE_URL).
 * Close it with `opened.store.close()`. `databaseUrl` is undefined on SQLite.
 */
export async function openTestStore(engine: Engine): Promise<OpenedSandboxStore & { databaseUrl: string | undefined }> {
  const databaseUrl = await testDatabaseUrl(engine);
  return { ...(await openSandboxStore({ databaseUrl, dataDir: mkdtempSync(join(tmpdir(), 'sandbox-store-')) })), databaseUrl };
}
