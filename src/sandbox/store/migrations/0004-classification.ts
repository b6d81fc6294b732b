import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../../server-kit/database/columns.js';
import type { Engine } from '../../../server-kit/database/engine.js';
import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/**
 * Classification items, their images and their runs. `ifNotExists` keeps a database the legacy
 * schema created; images then gain the `position` column the legacy schema lacked.
 */
export const classificationMigration: VersionedMigration = {
  async up(db, engine) {
    const { bigint, bytes } = columnTypes(engine);
    await db.schema
      .createTable('classification_items')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('external_reference', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('origin', 'text')
      .addColumn('assigned', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('better_jurisdictions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('classification_items_reference', ['tenant_id', 'external_reference'])
      .execute();
    await db.schema
      .createIndex('classification_items_order')
      .ifNotExists()
      .on('classification_items')
      .columns(['tenant_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('classification_images')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('item_id', 'text', (c) => c.notNull().references('classification_items.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', bytes, (c) => c.notNull())
      .addColumn('page_text', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await addImagePositionToLegacyTable(db, engine);
    await db.schema.createIndex('classification_images_item').ifNotExists().on('classification_images').column('item_id').execute();

    await db.schema
      .createTable('classification_runs')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('item_id', 'text', (c) => c.notNull().references('classification_items.id').onDelete('cascade'))
      .addColumn('jurisdiction', 'text', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('Pending', 'Processing', 'Completed', 'Error')`))
      .addColumn('result', 'text')
      .addColumn('error_code', 'text')
      .addColumn('message', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('classification_runs_item').ifNotExists().on('classification_runs').column('item_id').execute();
  },
};

/**
 * A SQLite file from before the migrations (PostgreSQL never had the legacy schema) has
 * classification_images without `position`; its images keep their insertion order (rowid).
 */
async function addImagePositionToLegacyTable(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  const images = (await db.introspection.getTables()).find((t) => t.name === 'classification_images');
  if (!images || images.columns.some((c) => c.name === 'position')) return;
  await db.schema
    .alterTable('classification_images')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE classification_images SET position = (SELECT COUNT(*) FROM classification_images o WHERE o.item_id = classification_images.item_id AND o.rowid < classification_images.rowid)`.execute(
    db,
  );
}
