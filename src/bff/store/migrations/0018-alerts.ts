import { sql } from 'kysely';
import type { VersionedMigration } from '../../../server-kit/database/migrations.js';
import { serialId } from '../../../server-kit/database/columns.js';

/**
 * Alerts (docs/alerts.md): rules, one alert per (event, rule, recipient) (the unique key makes
 * replicas agree), who read which, the outbox of channel deliveries, and the users the BFF has
 * seen (roles and e-mail addresses, for alerts to a role). Seeds the default team rule:
 * supervisors hear of every declaration that turns Invalid or CustomsError, in the console and by e-mail.
 */
export const alerts: VersionedMigration = {
  async up(db, engine) {
    await db.schema
      .createTable('alert_rules')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('owner_sub', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('event_sub_types', 'text', (c) => c.notNull())
      .addColumn('customs_flow', 'text')
      .addColumn('jurisdiction', 'text')
      .addColumn('office', 'text')
      .addColumn('direction', 'text')
      .addColumn('recipient_kind', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('channels', 'text', (c) => c.notNull())
      .addColumn('webhook_url', 'text')
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alert_rules_event_type').ifNotExists().on('alert_rules').column('event_type').execute();

    await db.schema
      .createTable('alerts')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('rule_id', 'integer', (c) => c.notNull())
      .addColumn('rule_name', 'text', (c) => c.notNull())
      .addColumn('recipient_kind', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('console', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('event_sub_type', 'text')
      .addColumn('event_time', 'text', (c) => c.notNull())
      .addColumn('declaration_id', 'text')
      .addColumn('lrn', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('alerts_once', ['event_id', 'rule_id', 'recipient_kind', 'recipient'])
      .execute();
    await db.schema.createIndex('alerts_recipient').ifNotExists().on('alerts').columns(['recipient_kind', 'recipient', 'id']).execute();

    await db.schema
      .createTable('alert_reads')
      .ifNotExists()
      .addColumn('alert_id', 'integer', (c) => c.notNull())
      .addColumn('user_sub', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('alert_reads_pk', ['alert_id', 'user_sub'])
      .execute();

    await db.schema
      .createTable('alert_deliveries')
      .ifNotExists()
      .$call(serialId(engine))
      .addColumn('alert_id', 'integer', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('destination', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'text')
      .addUniqueConstraint('alert_deliveries_once', ['alert_id', 'channel', 'destination'])
      .execute();
    await db.schema
      .createIndex('alert_deliveries_due')
      .ifNotExists()
      .on('alert_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();

    await db.schema
      .createTable('alert_users')
      .ifNotExists()
      .addColumn('sub', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .execute();

    const subTypes = JSON.stringify(['Invalid', 'CustomsError']);
    const channels = JSON.stringify(['console', 'email']);
    await sql`insert into alert_rules (name, scope, owner_sub, created_by, event_type, event_sub_types, recipient_kind, recipient, channels, enabled, created_at)
      values ('Declarations that turn Invalid or CustomsError', 'team', '', 'Customs Console (default)', 'DeclarationStatusChanged', ${subTypes}, 'role', 'supervisor', ${channels}, 1, ${new Date().toISOString()})`.execute(
      db,
    );
  },
};
