import type { Kysely } from 'kysely';

export interface SecretsTables {
  sandbox_secrets: { name: string; value: string };
}

/**
 * The sandbox's keys, in its database so that several processes on one database sign and check
 * alike (a token from one process is valid at another). Kept across a reset.
 */
export interface SecretsRepository {
  /** The stored value of `name`; when there is none, `create`'s is stored (of processes asking at once, the first wins). */
  getOrCreate(name: string, create: () => string | Promise<string>): Promise<string>;
}

export function secretsRepository(db: Kysely<SecretsTables>): SecretsRepository {
  return {
    async getOrCreate(name, create) {
      const read = () => db.selectFrom('sandbox_secrets').select('value').where('name', '=', name).executeTakeFirst();
      const stored = await read();
      if (stored) return stored.value;
      await db
        .insertInto('sandbox_secrets')
        .values({ name, value: await create() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return (await read())?.value ?? '';
    },
  };
}
