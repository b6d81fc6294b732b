import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { serialId } from '../../../server-kit/database/columns.js';

/**
 * The review desk's tables (issue 18): the error index (one row per declaration, error code,
 * field path and flow) with the indexed declarations' last-seen versions, the index rebuild
 * jobs, team notes per error code, and the recorded bulk runs.
 */
export const reviewDesk: VersionedMigration = {
  async up(db, engine) {
    await db.schema
      .createTable('error_index_declarations')
      .ifNotExists()
      .addColumn('declaration_id', 'text', (c) => c.primaryKey())
      .addColumn('lrn', 'text', (c) => c.notNull())
      .addColumn('current_status', 'text', (c) => c.notNull())
      .addColumn('customs_flow', 'text', (c) => c.notNull())
      // The declaration's lastUpdated as read: a slower, older read never overwrites a newer one.
      .addColumn('last_updated', 'text', (c) => c.notNull())
      .addColumn('indexed_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('error_index')
      .ifNotExists()
      .addColumn('declaration_id', 'text', (c) => c.notNull())
      .addColumn('error_code', 'text', (c) => c.notNull())
      // '' when the error points nowhere.
      .addColumn('field_path', 'text', (c) => c.notNull())
      .addColumn('customs_flow', 'text', (c) => c.notNull())
      .addColumn('field_name', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('error_index_pk', ['declaration_id', 'error_code', 'field_path', 'customs_flow'])
      .execute();
    await db.schema.createIndex('error_index_code').ifNotExists().on('error_index').column('error_code').execute();

    await db.schema
      .createTable('error_index_rebuilds')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('started_by', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('pages', 'integer', (c) => c.notNull())
      .addColumn('found', 'integer', (c) => c.notNull())
      .addColumn('indexed', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .execute();

    await db.schema
      .createTable('error_notes')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('error_code', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('author_sub', 'text', (c) => c.notNull())
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('error_notes_code').ifNotExists().on('error_notes').column('error_code').execute();

    await db.schema
      .createTable('bulk_runs')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('started_by_sub', 'text', (c) => c.notNull())
      .addColumn('started_by', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text', (c) => c.notNull())
      .addColumn('cancelled', 'integer', (c) => c.notNull())
      // [{ declarationId, outcome, detail }] as JSON.
      .addColumn('rows', 'text', (c) => c.notNull())
      .execute();
  },
};
