import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { serialId } from '../../../server-kit/database/columns.js';

/**
 * The review desk's "What changed" (issue 18): the header and goods item changes made through the
 * console, with what was sent and the part it changed as read just before. A file of its own,
 * after 0010-review-desk, which had already been merged.
 */
export const reviewDeskChanges: VersionedMigration = {
  async up(db, engine) {
    await db.schema
      .createTable('declaration_changes')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('declaration_id', 'text', (c) => c.notNull())
      // null: a header change or a new goods item.
      .addColumn('item_id', 'text')
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addColumn('author_sub', 'text', (c) => c.notNull())
      .addColumn('author_name', 'text', (c) => c.notNull())
      // JSON: the body sent, and the part it changes as read before (null when it could not be read).
      .addColumn('sent', 'text', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('upstream_status', 'integer')
      .execute();
    await db.schema
      .createIndex('declaration_changes_declaration')
      .ifNotExists()
      .on('declaration_changes')
      .columns(['declaration_id', 'id'])
      .execute();
  },
};
