import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/** Each user's own choices (the console's language), kept by the BFF so they survive sign-out and follow the user. */
export const userPreferences: VersionedMigration = {
  async up(db) {
    await db.schema
      .createTable('user_preferences')
      .ifNotExists()
      .addColumn('sub', 'text', (c) => c.primaryKey())
      .addColumn('language', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
