import type Database from 'better-sqlite3';

/**
 * The legacy better-sqlite3 handle (`ctx.db`) of parts that have not moved to their repositories
 * yet: the store's own SQLite connection (sandbox-store.ts opens it), so both see the same data
 * and legacy writes join an open store transaction. Removed when the last part moves.
 */
export type Db = Database.Database;

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
