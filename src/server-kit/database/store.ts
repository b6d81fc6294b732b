import { sql, type Kysely } from 'kysely';
import type { Connection, Engine, PoolStats } from './engine.js';

/**
 * A server's store: its repositories bound to the database, and `transaction`, which hands the
 * callback the same repositories bound to one transaction. All writes that belong together
 * (a message and its job, a status change and its event) go through one `transaction` call.
 *
 * On SQLite there is one connection: inside a transaction use only `tx`, never the store's own
 * repositories (they would wait for the transaction to end).
 */
export class Store<DB, Repos> {
  readonly repos: Repos;

  constructor(
    private readonly connection: Connection<DB>,
    private readonly bind: (db: Kysely<DB>, engine: Engine) => Repos,
  ) {
    this.repos = bind(connection.db, connection.engine);
  }

  get engine(): Engine {
    return this.connection.engine;
  }

  get location(): string {
    return this.connection.location;
  }

  /** The PostgreSQL pool's connections now; undefined on SQLite. */
  poolStats(): PoolStats | undefined {
    return this.connection.poolStats?.();
  }

  transaction<T>(work: (tx: Repos) => Promise<T>): Promise<T> {
    return this.connection.db.transaction().execute((trx) => work(this.bind(trx, this.connection.engine)));
  }

  /** Readiness: true when a round trip to the database succeeds within `timeoutMs` (a probe must not hang on an unreachable server). */
  async reachable(timeoutMs = 3_000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const roundTrip = sql`SELECT 1`.execute(this.connection.db).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([roundTrip, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return this.connection.db.destroy();
  }
}

/**
 * Empties every table but the migration history (sandbox reset, tests). One statement on
 * PostgreSQL; on SQLite foreign keys are checked at commit, when every table is empty.
 */
export async function emptyAllTables<DB>(db: Kysely<DB>, engine: Engine, keep: (table: string) => boolean): Promise<void> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((t) => !keep(t));
  if (tables.length === 0) return;
  if (engine === 'postgres') {
    await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
    for (const t of tables) await sql`DELETE FROM ${sql.table(t)}`.execute(trx);
  });
}
