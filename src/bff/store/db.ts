import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

/** Opens (creating when absent) `${dataDir}/bff.sqlite` in WAL mode. */
export function openBffDatabase(dataDir: string, fileName = 'bff.sqlite'): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, fileName));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS bff_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  return db;
}

/** Readiness probe: true when a write commits. */
export function databaseWritable(db: Db, now: Date = new Date()): boolean {
  try {
    db.prepare<[string, string]>('INSERT INTO bff_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
      'ready_probe',
      now.toISOString(),
    );
    return true;
  } catch {
    return false;
  }
}
