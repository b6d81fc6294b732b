import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/**
 * Jobs with an order key run one at a time, in the order they were enqueued (e.g. the changes
 * and actions of one declaration, the messages of one customs shipment), whichever worker or
 * process claims them.
 */
export const orderedJobsMigration: VersionedMigration = {
  async up(db) {
    await db.schema.alterTable('jobs').addColumn('order_key', 'text').execute();
    await db.schema.createIndex('jobs_by_order_key').on('jobs').columns(['order_key', 'id']).execute();
  },
};
