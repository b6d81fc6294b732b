import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/** The movement order messages sent through this console (GET /api/movement-orders), newest first by created_at. */
export const createdMovementOrders: VersionedMigration = {
  async up(db) {
    await db.schema
      .createTable('created_movement_orders')
      .ifNotExists()
      .addColumn('reference_id', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sub', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('external_references', 'text', (c) => c.notNull())
      .addColumn('movement_types', 'text', (c) => c.notNull())
      .addColumn('line_count', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('created_movement_orders_created_at')
      .ifNotExists()
      .on('created_movement_orders')
      .column('created_at')
      .execute();
  },
};
