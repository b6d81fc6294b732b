import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/**
 * Alerts for owners and the deadline radar (issue 26, docs/alerts.md): a rule may be narrowed to
 * the declarations its recipient owns (`mine_only`); the declaration's owner as a recipient needs
 * no column (recipient_kind `owner`).
 */
export const radar: VersionedMigration = {
  async up(db) {
    await db.schema
      .alterTable('alert_rules')
      .addColumn('mine_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
