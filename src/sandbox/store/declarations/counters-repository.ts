import type { Kysely } from 'kysely';
import type { DeclarationsTables } from './declarations-tables.js';

/** Persisted sequences (the LRN counter). */
export interface DeclarationCountersRepository {
  /**
   * Advances the counter by `by` and returns its new value (the first call returns `by`). One
   * atomic upsert: two processes on one PostgreSQL never get the same value, and inside a
   * transaction that rolls back the value is given back.
   */
  next(name: string, by?: number): Promise<number>;
}

export function declarationCountersRepository(db: Kysely<DeclarationsTables>): DeclarationCountersRepository {
  return {
    async next(name, by = 1) {
      const row = await db
        .insertInto('declaration_counters')
        .values({ name, value: by })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('declaration_counters.value', '+', by) })))
        .returning('value')
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
