import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { columnTypes } from '../../../server-kit/database/columns.js';

/**
 * The operations dashboard (issue 25): one row per declaration with the times its figures need,
 * written as status events arrive and by a backfill from the service's search. Days are UTC
 * calendar days kept as text beside the epoch milliseconds, so grouping by day is an index scan
 * on both engines.
 */
export const declarationFacts: VersionedMigration = {
  async up(db, engine) {
    const types = columnTypes(engine);
    await db.schema
      .createTable('declaration_facts')
      .ifNotExists()
      .addColumn('declaration_id', 'text', (c) => c.primaryKey())
      .addColumn('lrn', 'text')
      .addColumn('customs_flow', 'text', (c) => c.notNull())
      .addColumn('jurisdiction', 'text', (c) => c.notNull())
      .addColumn('direction', 'text')
      .addColumn('office', 'text')
      .addColumn('current_status', 'text', (c) => c.notNull())
      .addColumn('status_ms', types.bigint, (c) => c.notNull())
      .addColumn('lodged_ms', types.bigint, (c) => c.notNull())
      .addColumn('lodged_day', 'text', (c) => c.notNull())
      .addColumn('accepted_ms', types.bigint)
      .addColumn('released_ms', types.bigint)
      // First time in Invalid or CustomsError, and when it first left that status again.
      .addColumn('rejected_ms', types.bigint)
      .addColumn('rejected_day', 'text')
      .addColumn('fixed_ms', types.bigint)
      .addColumn('rejections', 'integer', (c) => c.notNull())
      // 'events' or 'backfill' (only the search's times are known).
      .addColumn('source', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('declaration_facts_lodged')
      .ifNotExists()
      .on('declaration_facts')
      .columns(['lodged_day', 'current_status'])
      .execute();
    await db.schema.createIndex('declaration_facts_rejected').ifNotExists().on('declaration_facts').columns(['rejected_day']).execute();
    await db.schema
      .createIndex('declaration_facts_backlog')
      .ifNotExists()
      .on('declaration_facts')
      .columns(['current_status', 'status_ms'])
      .execute();
    await db.schema.createIndex('audit_log_time').ifNotExists().on('audit_log').columns(['time']).execute();
  },
};
