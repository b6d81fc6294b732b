import { sql, type Kysely } from 'kysely';
import { columnTypes, serialId } from '../../../server-kit/database/columns.js';
import type { Engine } from '../../../server-kit/database/engine.js';
import type { VersionedMigration } from '../../../server-kit/database/migrations.js';

/**
 * The platform's tables: tenants, the job queue, events, webhook subscriptions and deliveries,
 * and the OpenID Connect issuer's storage. Columns as the sandbox created them before migrations
 * existed, so a data directory from an earlier release keeps its data (IF NOT EXISTS leaves its
 * tables as they are; `events` of releases before plant_id gets the column).
 */
export const platformMigration: VersionedMigration = {
  async up(db, engine) {
    await createTenants(db);
    await createJobs(db, engine);
    await createEvents(db, engine);
    await createSubscriptions(db, engine);
    await createOidcStore(db, engine);
  },
};

async function createTenants(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .ifNotExists()
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('classification_jurisdictions', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addCheckConstraint('tenants_credits_not_negative', sql`credits >= 0`)
    .execute();
}

async function createJobs(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const { bigint } = columnTypes(engine);
  await db.schema
    .createTable('jobs')
    .ifNotExists()
    .$call(serialId(engine))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', bigint, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('last_error', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addCheckConstraint('jobs_status_known', sql`status IN ('queued', 'running', 'done', 'failed')`)
    .execute();
  await db.schema.createIndex('jobs_due').ifNotExists().on('jobs').columns(['status', 'kind', 'run_at']).execute();
}

async function createEvents(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // seq: a sequence on PostgreSQL; on SQLite the INSERT computes MAX + 1 (writes are serialized there).
  const seqType = engine === 'postgres' ? columnTypes(engine).serial : 'integer';
  await db.schema
    .createTable('events')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('event_time', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_sub_type', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('seq', seqType, (c) => c.notNull())
    .addColumn('plant_id', 'text')
    .execute();
  const events = (await db.introspection.getTables()).find((t) => t.name === 'events');
  if (events && !events.columns.some((c) => c.name === 'plant_id'))
    await db.schema.alterTable('events').addColumn('plant_id', 'text').execute();
  await db.schema.createIndex('events_by_tenant').ifNotExists().on('events').columns(['tenant_id', 'seq']).execute();
  // MAX(seq) at every insert on SQLite, and the publication order of every listing.
  await db.schema.createIndex('events_by_seq').ifNotExists().on('events').column('seq').execute();
}

async function createSubscriptions(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const { bigint } = columnTypes(engine);
  await db.schema
    .createTable('subscriptions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_sub_type', 'text')
    .addColumn('destination_type', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema
    .createIndex('subscriptions_match')
    .ifNotExists()
    .on('subscriptions')
    .columns(['tenant_id', 'event_type'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('next_attempt_at', bigint)
    .addColumn('last_attempt_at', bigint)
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('completed_at', bigint)
    .addCheckConstraint('webhook_deliveries_status_known', sql`status IN ('pending', 'delivered', 'expired', 'cancelled')`)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_by_subscription')
    .ifNotExists()
    .on('webhook_deliveries')
    .columns(['subscription_id', 'created_at'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_by_event').ifNotExists().on('webhook_deliveries').column('event_id').execute();
  // One delivery per event and subscription, however often the fan-out runs (it is a job: at least once).
  await db.schema
    .createIndex('webhook_deliveries_once')
    .ifNotExists()
    .unique()
    .on('webhook_deliveries')
    .columns(['event_id', 'subscription_id'])
    .execute();
}

async function createOidcStore(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('oidc_store')
    .ifNotExists()
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', columnTypes(engine).bigint)
    .addPrimaryKeyConstraint('oidc_store_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_store_grant').ifNotExists().on('oidc_store').column('grant_id').execute();
  await db.schema.createIndex('oidc_store_uid').ifNotExists().on('oidc_store').columns(['model', 'uid']).execute();
}
