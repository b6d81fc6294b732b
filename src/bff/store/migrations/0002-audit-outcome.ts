import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/**
 * Audit intents (issue 11, hole 5): a write is recorded as `pending` before it is forwarded and
 * completed after, so one the service took while the BFF crashed still leaves a row. `status`:
 * what the browser was answered (refusals such as 403 and 413 have no upstream status). Rows
 * written before this migration were all completed with an upstream answer or none.
 */
export const auditOutcome: VersionedMigration = {
  async up(db) {
    await db.schema
      .alterTable('audit_log')
      .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('answered'))
      .execute();
    await db.schema.alterTable('audit_log').addColumn('status', 'integer').execute();
    await db.schema.createIndex('audit_log_outcome').ifNotExists().on('audit_log').column('outcome').execute();
  },
};
