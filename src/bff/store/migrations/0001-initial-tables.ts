import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { columnTypes, serialId } from '../../../server-kit/database/columns.js';

/**
 * The tables the BFF had before it had migrations, with the same shape, all `if not exists`: an
 * existing `.data/bff.sqlite` keeps its audit log, inbox and subscription ids.
 */
export const initialTables: VersionedMigration = {
  async up(db, engine) {
    const types = columnTypes(engine);
    await db.schema
      .createTable('bff_meta')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('audit_log')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('sub', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('upstream_status', 'integer')
      .addColumn('reference_id', 'text')
      .addColumn('request_id', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_path').ifNotExists().on('audit_log').column('path').execute();

    await db.schema
      .createTable('event_inbox')
      .ifNotExists()
      .$call(serialId(engine, 'seq'))
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('event_sub_type', 'text')
      .addColumn('declaration_id', 'text')
      .addColumn('event_time', 'text', (c) => c.notNull())
      .addColumn('event_ms', types.bigint, (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('envelope', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('event_inbox_declaration')
      .ifNotExists()
      .on('event_inbox')
      .columns(['declaration_id', 'event_ms'])
      .execute();

    await db.schema
      .createTable('live_subscriptions')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('destination_url', 'text', (c) => c.notNull())
      .addColumn('secret_fingerprint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
