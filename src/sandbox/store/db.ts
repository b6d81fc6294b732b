import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

/**
 * Opens (creating when absent) the sandbox's SQLite database under dataDir.
 * WAL keeps readers off the writer's back; synchronous=NORMAL in WAL mode is still
 * durable across a process kill, which is the guarantee a 202 needs.
 */
export function openDatabase(dataDir: string, fileName = 'sandbox.sqlite'): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, fileName));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** A feature's tables: DDL that is safe to run at every start (CREATE ... IF NOT EXISTS). */
export interface SchemaPart {
  name: string;
  ddl: string;
  /** Tables emptied by POST /_sandbox/reset (informative: the reset empties every table but the issuer's sessions). */
  resetTables: string[];
}

export function applySchema(db: Db, parts: readonly SchemaPart[]): void {
  for (const part of parts) db.exec(part.ddl);
}
