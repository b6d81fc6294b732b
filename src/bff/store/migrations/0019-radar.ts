import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/**
 * Alerts for owners, the deadline radar and daily digests (issue 26, docs/alerts.md): a rule may
 * be narrowed to the declarations its recipient owns (`mine_only`); the declaration's owner as a
 * recipient needs no column (recipient_kind `owner`). A rule may send its e-mail as one daily
 * digest per user (`digest`); `alert_digests` keeps each (user, day) sent once across replicas.
 */
export const radar: VersionedMigration = {
  async up(db) {
    await db.schema
      .alterTable('alert_rules')
      .addColumn('mine_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('alert_rules')
      .addColumn('digest', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('alert_digests')
      .ifNotExists()
      .addColumn('user_sub', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('alert_digests_pk', ['user_sub', 'day'])
      .execute();
  },
};
