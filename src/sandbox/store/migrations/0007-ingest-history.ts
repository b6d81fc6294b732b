import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/** One ingest history for every way in (HTTPS, FTPS) and every message type: store/ingest-history. */
export const ingestHistoryMigration: VersionedMigration = {
  async up(db) {
    await db.schema
      .createTable('ingest_history')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reference_id', 'text')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('message_type', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text')
      .addColumn('file_name', 'text')
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('business_reference', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('outcome_detail', 'text')
      .addColumn('errors', 'text', (c) => c.notNull())
      .addColumn('declaration_ids', 'text', (c) => c.notNull())
      .addColumn('movement_order_ids', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ingest_history_by_tenant')
      .ifNotExists()
      .on('ingest_history')
      .columns(['tenant_id', 'received_at', 'id'])
      .execute();
    await db.schema.createIndex('ingest_history_by_reference').ifNotExists().on('ingest_history').column('reference_id').execute();
    await db.schema
      .createIndex('ingest_history_by_message_id')
      .ifNotExists()
      .on('ingest_history')
      .columns(['tenant_id', 'message_type', 'message_id'])
      .execute();
  },
};
