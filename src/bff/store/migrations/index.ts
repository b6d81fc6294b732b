import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { initialTables } from './0001-initial-tables.js';
import { reviewDesk } from './0010-review-desk.js';
import { reviewDeskChanges } from './0010-review-desk-changes.js';

/** Every BFF migration by name, applied in name order at start-up. Never edit one that shipped: add the next file. */
export const bffMigrations: Readonly<Record<string, VersionedMigration>> = {
  '0001-initial-tables': initialTables,
  '0010-review-desk': reviewDesk,
  '0010-review-desk-changes': reviewDeskChanges,
};

/** The BFF's migration history table (the sandbox keeps its own, so both may share one database). */
export const BFF_MIGRATION_TABLE = 'bff_migration';
