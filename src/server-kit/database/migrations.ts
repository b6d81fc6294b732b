import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Engine } from './engine.js';

/**
 * One versioned schema change. Files are named `NNNN-what.ts` in a server's
 * `store/migrations/` folder and applied in name order at start-up; an applied migration is
 * never edited, a change is a new file. `engine` lets a migration pick a column type where the
 * dialects differ (see `columns.ts`).
 */
export interface VersionedMigration {
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
}

export interface MigrateOptions {
  engine: Engine;
  /** Name (sortable, e.g. `0001-core`) to migration. */
  migrations: Readonly<Record<string, VersionedMigration>>;
  /** Each server keeps its own history, so the BFF and the sandbox may share one PostgreSQL database. */
  historyTable: string;
}

/** The database was migrated by a newer release than this code: refusing beats corrupting it. */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
}

async function appliedNames<DB>(db: Kysely<DB>, historyTable: string): Promise<string[]> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === historyTable)) return [];
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.table(historyTable)}`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Applies the migrations the database has not seen, in order, under the migrator's lock (on
 * PostgreSQL an advisory lock, so replicas starting together migrate once). Refuses to start on a
 * database that has migrations this code does not know.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, options: MigrateOptions): Promise<void> {
  const known = new Set(Object.keys(options.migrations));
  const unknown = (await appliedNames(db, options.historyTable)).filter((n) => !known.has(n));
  if (unknown.length > 0) {
    throw new SchemaTooNewError(
      `the database schema is newer than this code (unknown migration ${unknown.sort().join(', ')} in ${options.historyTable}): run the release that wrote it, or point this one at another database`,
    );
  }
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(options.migrations).map(([name, m]): [string, Migration] => [
          name,
          { up: (kdb: Kysely<unknown>) => m.up(kdb, options.engine) },
        ]),
      ),
  };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: options.historyTable,
    migrationLockTableName: `${options.historyTable}_lock`,
  });
  const { error } = await migrator.migrateToLatest();
  if (error instanceof Error) throw error;
  if (error !== undefined) throw new Error('migration failed', { cause: error });
}
