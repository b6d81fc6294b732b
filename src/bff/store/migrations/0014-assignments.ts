import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { serialId } from '../../../server-kit/database/columns.js';

/** Work ownership (issue 25): the current owner per declaration, the history of each change, and the people seen signing in. */
export const assignments: VersionedMigration = {
  async up(db, engine) {
    await db.schema
      .createTable('assignments')
      .ifNotExists()
      .addColumn('declaration_id', 'text', (c) => c.primaryKey())
      .addColumn('owner_sub', 'text', (c) => c.notNull())
      .addColumn('owner_name', 'text', (c) => c.notNull())
      .addColumn('assigned_by_sub', 'text', (c) => c.notNull())
      .addColumn('assigned_by_name', 'text', (c) => c.notNull())
      .addColumn('assigned_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('assignments_owner').ifNotExists().on('assignments').columns(['owner_sub', 'assigned_at']).execute();
    await db.schema
      .createTable('assignment_changes')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('declaration_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('owner_sub', 'text')
      .addColumn('owner_name', 'text')
      .addColumn('previous_owner_name', 'text')
      .addColumn('by_sub', 'text', (c) => c.notNull())
      .addColumn('by_name', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assignment_changes_declaration')
      .ifNotExists()
      .on('assignment_changes')
      .columns(['declaration_id', 'id'])
      .execute();
    await db.schema
      .createTable('people')
      .ifNotExists()
      .addColumn('sub', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      // Space-separated console roles.
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .execute();
  },
};
