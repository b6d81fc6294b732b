import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { columnTypes } from '../../../server-kit/database/columns.js';

/** The per-user rate limit's token buckets, one row per user and operation class, shared by every replica. */
export const rateLimitBuckets: VersionedMigration = {
  async up(db, engine) {
    const types = columnTypes(engine);
    await db.schema
      .createTable('rate_limit_buckets')
      .ifNotExists()
      .addColumn('bucket', 'text', (c) => c.primaryKey())
      .addColumn('tokens', types.double, (c) => c.notNull())
      .addColumn('updated_ms', types.double, (c) => c.notNull())
      .addColumn('granted', 'integer', (c) => c.notNull())
      .execute();
  },
};
