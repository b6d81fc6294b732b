import type { Kysely } from 'kysely';

/**
 * Runs a repository method of several statements all or nothing: inside the caller's
 * transaction when the repository is bound to one (Store.transaction), else in its own.
 */
export function atomically<DB, T>(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
