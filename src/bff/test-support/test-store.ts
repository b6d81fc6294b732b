import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '../../server-kit/database/engine.js';
import { testDatabaseUrl } from '../../server-kit/database/test-databases.js';
import { BffStore } from '../store/bff-store.js';

export interface TestStore {
  store: BffStore;
  /** undefined on SQLite. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Another store on the same database: a second replica (PostgreSQL) or a restart (SQLite). */
  reopen: () => Promise<BffStore>;
}

/** A BFF store on a fresh database of `engine` (an empty SQLite file in a new directory, or a new PostgreSQL database). */
export async function openTestStore(engine: Engine, dataDir = mkdtempSync(join(tmpdir(), 'bff-store-'))): Promise<TestStore> {
  const databaseUrl = await testDatabaseUrl(engine);
  const open = () => BffStore.open({ databaseUrl, dataDir });
  return { store: await open(), databaseUrl, dataDir, reopen: open };
}
