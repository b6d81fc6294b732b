import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/** Files uploaded over FTPS and not yet picked up: in the database, so any sandbox process picks them up (store/ftps-files). */
export const ftpsFilesMigration: VersionedMigration = {
  async up(db) {
    await db.schema
      .createTable('ftps_files')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('message_type', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('uploaded_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ftps_files_by_name')
      .ifNotExists()
      .unique()
      .on('ftps_files')
      .columns(['tenant_id', 'message_type', 'file_name'])
      .execute();
  },
};
