import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { initialTables } from './0001-initial-tables.js';
import { createdMovementOrders } from './0004-created-movement-orders.js';

/** Every BFF migration by name, applied in name order at start-up. Never edit one that shipped: add the next file. */
export const bffMigrations: Readonly<Record<string, VersionedMigration>> = {
  '0001-initial-tables': initialTables,
  '0004-created-movement-orders': createdMovementOrders,
};

/** The BFF's migration history table (the sandbox keeps its own, so both may share one database). */
export const BFF_MIGRATION_TABLE = 'bff_migration';
