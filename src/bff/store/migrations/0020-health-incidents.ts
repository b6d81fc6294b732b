import { sql } from 'kysely';
import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { serialId } from '../../../server-kit/database/columns.js';

/**
 * Health incidents (docs/alerts.md section 7): events silent, the service failing. `open_kind` is
 * the kind while an incident lasts and null once it ends; its unique index lets one incident per
 * kind be open, whichever replica opens it first. Seeds the default team rule: supervisors hear of
 * each incident and its end in the console and by e-mail.
 */
export const healthIncidents: VersionedMigration = {
  async up(db, engine) {
    await db.schema
      .createTable('health_incidents')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('open_kind', 'text')
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .addColumn('since', 'text', (c) => c.notNull())
      .addColumn('last_event_at', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('health_incidents_open_kind').ifNotExists().unique().on('health_incidents').column('open_kind').execute();
    await db.schema.createIndex('health_incidents_opened_at').ifNotExists().on('health_incidents').column('opened_at').execute();

    const channels = JSON.stringify(['console', 'email']);
    await sql`insert into alert_rules (name, scope, owner_sub, created_by, event_type, event_sub_types, recipient_kind, recipient, channels, enabled, created_at)
      values ('The console''s health: events silent, the service failing', 'team', '', 'Customs Console (default)', 'ConsoleHealth', '[]', 'role', 'supervisor', ${channels}, 1, ${new Date().toISOString()})`.execute(
      db,
    );
  },
};
