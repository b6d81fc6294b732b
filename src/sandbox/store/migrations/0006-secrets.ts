import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/** The sandbox's own keys (token signing, sign-in cookies, download URLs), shared by every process on the database. */
export const secretsMigration: VersionedMigration = {
  async up(db) {
    await db.schema
      .createTable('sandbox_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};
