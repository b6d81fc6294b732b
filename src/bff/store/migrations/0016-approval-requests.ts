import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/**
 * Four-eyes approvals: the writes held for a second person's approval (with the original call, to
 * be sent once on approval), and the approver of a call sent that way in the audit log.
 */
export const approvalRequests: VersionedMigration = {
  async up(db) {
    await db.schema
      .createTable('approval_requests')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('declaration_id', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text')
      .addColumn('body', 'text')
      .addColumn('requester_sub', 'text', (c) => c.notNull())
      .addColumn('requester_name', 'text', (c) => c.notNull())
      .addColumn('requester_roles', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('facts', 'text', (c) => c.notNull())
      .addColumn('decided_by_sub', 'text')
      .addColumn('decided_by_name', 'text')
      .addColumn('decided_at', 'text')
      .addColumn('comment', 'text')
      .addColumn('upstream_status', 'integer')
      .addColumn('reference_id', 'text')
      .addColumn('outcome_detail', 'text')
      .execute();
    await db.schema
      .createIndex('approval_requests_status_created')
      .ifNotExists()
      .on('approval_requests')
      .columns(['status', 'created_at'])
      .execute();
    await db.schema.createIndex('approval_requests_declaration').ifNotExists().on('approval_requests').column('declaration_id').execute();
    await db.schema.alterTable('audit_log').addColumn('approved_by_sub', 'text').execute();
    await db.schema.alterTable('audit_log').addColumn('approved_by_name', 'text').execute();
  },
};
