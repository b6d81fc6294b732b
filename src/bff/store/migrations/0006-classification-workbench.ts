import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { columnTypes, serialId } from '../../../server-kit/database/columns.js';

/** The classification workbench: runs started through the BFF and analysts' decisions on better suggestions. */
export const classificationWorkbench: VersionedMigration = {
  async up(db, engine) {
    const types = columnTypes(engine);
    await db.schema
      .createTable('classification_runs')
      .ifNotExists()
      .addColumn('run_id', 'text', (c) => c.primaryKey())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('item_reference', 'text')
      .addColumn('jurisdiction', 'text', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('assigned_code', 'text')
      .addColumn('started_by_sub', 'text', (c) => c.notNull())
      .addColumn('started_by_name', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('best_code', 'text')
      .addColumn('best_score', types.double)
      .addColumn('assigned_score', types.double)
      .addColumn('better', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('classification_runs_item')
      .ifNotExists()
      .on('classification_runs')
      .columns(['item_id', 'jurisdiction', 'started_at'])
      .execute();
    await db.schema.createIndex('classification_runs_status').ifNotExists().on('classification_runs').column('status').execute();

    await db.schema
      .createTable('classification_decisions')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('run_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('item_reference', 'text')
      .addColumn('jurisdiction', 'text', (c) => c.notNull())
      .addColumn('assigned_code', 'text')
      .addColumn('assigned_score', types.double)
      .addColumn('proposed_code', 'text', (c) => c.notNull())
      .addColumn('proposed_score', types.double)
      .addColumn('decision', 'text', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('decided_by_sub', 'text', (c) => c.notNull())
      .addColumn('decided_by_name', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('classification_decisions_item')
      .ifNotExists()
      .on('classification_decisions')
      .columns(['item_id', 'jurisdiction'])
      .execute();
  },
};
