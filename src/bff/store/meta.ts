import type { Kysely } from 'kysely';
import type { BffTables } from './tables.js';

/** Small values every replica shares (key to text). */
export interface MetaRepository {
  get(key: string): Promise<string | undefined>;
  /** Stores `value` unless `key` has one; returns the value kept (the first writer's, when replicas race). */
  putIfAbsent(key: string, value: string): Promise<string>;
  /** Stores `value` under `key`, replacing what was there. */
  put(key: string, value: string): Promise<void>;
}

export function metaRepository(db: Kysely<BffTables>): MetaRepository {
  const get = async (key: string): Promise<string | undefined> =>
    (await db.selectFrom('bff_meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
  return {
    get,
    async putIfAbsent(key, value) {
      await db
        .insertInto('bff_meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const kept = await get(key);
      if (kept === undefined) throw new Error(`bff_meta: ${key} was not kept`);
      return kept;
    },
    async put(key, value) {
      await db
        .insertInto('bff_meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
