import { sql } from 'kysely';
import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
const FORMATS = ['json', 'xml'];
const MESSAGE_STATUSES = ['Accepted', 'Processed', 'Rejected'];

/**
 * Formulas, master data messages and movement orders: the tables their SchemaParts created,
 * column for column (so databases created by earlier releases are already up to date).
 */
export const messagesMigration: VersionedMigration = {
  up: async (db) => {
    await db.schema
      .createTable('formula_messages')
      .ifNotExists()
      .addColumn('reference_id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull().check(oneOf('format', FORMATS)))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', MESSAGE_STATUSES)))
      .addColumn('error_descriptions', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'text')
      .execute();
    await db.schema
      .createTable('formulas')
      .ifNotExists()
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('formulas_pkey', ['tenant_id', 'item_id'])
      .execute();
    await db.schema
      .createTable('formula_versions')
      .ifNotExists()
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('version_number', 'integer', (c) => c.notNull())
      .addColumn('reference_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('formula_versions_pkey', ['tenant_id', 'item_id', 'version_number'])
      .addForeignKeyConstraint('formula_versions_formula_fkey', ['tenant_id', 'item_id'], 'formulas', ['tenant_id', 'item_id'])
      .execute();

    await db.schema
      .createTable('master_data_messages')
      .ifNotExists()
      .addColumn('reference_id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('business_reference', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull().check(oneOf('format', FORMATS)))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', MESSAGE_STATUSES)))
      .addColumn('error_descriptions', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'text')
      .execute();
    await db.schema
      .createTable('material_lists')
      .ifNotExists()
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('external_reference', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', ['Active', 'Invalidated'])))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('reference_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('material_lists_pkey', ['tenant_id', 'external_reference'])
      .execute();

    await db.schema
      .createTable('movement_ingestions')
      .ifNotExists()
      .addColumn('reference_id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull().check(oneOf('format', FORMATS)))
      .addColumn('version', 'text')
      .addColumn('via_deprecated_path', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('movement_orders')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('reference_id', 'text', (c) => c.notNull().references('movement_ingestions.reference_id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('external_reference', 'text', (c) => c.notNull())
      .addColumn('movement_type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('validation_errors', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('movement_orders_by_reference')
      .ifNotExists()
      .on('movement_orders')
      .columns(['reference_id', 'position'])
      .execute();
    await db.schema
      .createIndex('movement_orders_by_external')
      .ifNotExists()
      .on('movement_orders')
      .columns(['tenant_id', 'external_reference'])
      .execute();
  },
};
