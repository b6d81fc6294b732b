import type { Kysely } from 'kysely';
import { connect } from '../../server-kit/database/engine.js';
import type { Engine } from '../../server-kit/database/engine.js';
import { migrateToLatest } from '../../server-kit/database/migrations.js';
import { emptyAllTables, Store } from '../../server-kit/database/store.js';
import { articlesAndPartnersRepository, type ArticlesAndPartnersRepository } from './articles-and-partners/articles-and-partners-repository.js';
import { KyselyClassificationRepository, type ClassificationRepository } from './classification/classification-repository.js';
import type { Db } from './db.js';
import { declarationCountersRepository, type DeclarationCountersRepository } from './declarations/counters-repository.js';
import { declarationsRepository, type DeclarationsRepository } from './declarations/declarations-repository.js';
import { shipmentsRepository, type ShipmentsRepository } from './declarations/shipments-repository.js';
import { documentsRepository, type DocumentsRepository } from './documents/documents-repository.js';
import { formulaRepository, type FormulaRepository } from './formulas/formula-repository.js';
import { ingestionMessagesRepository, type IngestionMessagesRepository } from './ingestion/ingestion-repository.js';
import { masterDataMessageRepository, type MasterDataMessageRepository } from './master-data-messages/master-data-message-repository.js';
import { SANDBOX_MIGRATION_TABLE, sandboxMigrations } from './migrations/index.js';
import { movementOrderRepository, type MovementOrderRepository } from './movement-orders/movement-order-repository.js';
import { deliveriesRepository, type DeliveriesRepository } from './platform/deliveries-repository.js';
import { eventsRepository, type EventsRepository } from './platform/events-repository.js';
import { jobsRepository, type JobsRepository } from './platform/jobs-repository.js';
import { oidcRepository, type OidcRepository } from './platform/oidc-repository.js';
import { subscriptionsRepository, type SubscriptionsRepository } from './platform/subscriptions-repository.js';
import { tenantsRepository, type TenantsRepository } from './platform/tenants-repository.js';
import type { SandboxTables } from './tables.js';

/** The sandbox's repositories, one per part (`store/<part>/<part>-repository.ts`), one line each. */
export interface SandboxRepositories {
  events: EventsRepository;
  jobs: JobsRepository;
  tenants: TenantsRepository;
  subscriptions: SubscriptionsRepository;
  deliveries: DeliveriesRepository;
  oidc: OidcRepository;
  declarations: DeclarationsRepository;
  shipments: ShipmentsRepository;
  declarationCounters: DeclarationCountersRepository;
  ingestionMessages: IngestionMessagesRepository;
  articlesAndPartners: ArticlesAndPartnersRepository;
  documents: DocumentsRepository;
  formulas: FormulaRepository;
  masterDataMessages: MasterDataMessageRepository;
  movementOrders: MovementOrderRepository;
  classification: ClassificationRepository;
}

export type SandboxStore = Store<SandboxTables, SandboxRepositories>;

/** Binds every repository to a database or to one transaction (Store.transaction). */
function bindRepositories(db: Kysely<SandboxTables>, engine: Engine): SandboxRepositories {
  return {
    events: eventsRepository(db, engine),
    jobs: jobsRepository(db, engine),
    tenants: tenantsRepository(db),
    subscriptions: subscriptionsRepository(db),
    deliveries: deliveriesRepository(db),
    oidc: oidcRepository(db),
    declarations: declarationsRepository(db, engine),
    shipments: shipmentsRepository(db),
    declarationCounters: declarationCountersRepository(db),
    ingestionMessages: ingestionMessagesRepository(db, engine),
    articlesAndPartners: articlesAndPartnersRepository(db),
    documents: documentsRepository(db),
    formulas: formulaRepository(db),
    masterDataMessages: masterDataMessageRepository(db),
    movementOrders: movementOrderRepository(db),
    classification: new KyselyClassificationRepository(db, engine),
  };
}

/** Tables a sandbox reset keeps: the schema history and the OpenID Connect issuer's sessions (a reset should not sign users out). */
const keptOnReset = (table: string): boolean => table.startsWith(SANDBOX_MIGRATION_TABLE) || table.startsWith('oidc_');

export interface OpenedSandboxStore {
  store: SandboxStore;
  /** Back to the seed data's starting point: every table emptied but those kept on reset. */
  emptyTables(): Promise<void>;
  /** SQLite only: the handle of parts that have not moved to repositories yet. */
  legacyDb: Db | undefined;
}

/** Connects to SQLite under dataDir or to PostgreSQL, and brings the schema up to date. */
export async function openSandboxDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<OpenedSandboxStore> {
  const connection = await connect<SandboxTables>({ url: config.databaseUrl, dataDir: config.dataDir, fileName: 'sandbox.sqlite', applicationName: 'customs-sandbox' });
  await migrateToLatest(connection.db, { engine: connection.engine, migrations: sandboxMigrations, historyTable: SANDBOX_MIGRATION_TABLE });
  const store: SandboxStore = new Store(connection, bindRepositories);
  return { store, legacyDb: connection.legacySqlite, emptyTables: () => emptyAllTables(connection.db, connection.engine, keptOnReset) };
}

/**
 * The sandbox's database as the configuration selects it. PostgreSQL (SANDBOX_DATABASE_URL) is
 * refused until every part has moved to a repository.
 */
export async function openSandboxStore(config: { databaseUrl: string | undefined; dataDir: string }): Promise<OpenedSandboxStore & { legacyDb: Db }> {
  if (config.databaseUrl !== undefined) throw new Error('SANDBOX_DATABASE_URL: PostgreSQL is not supported by this release of the sandbox yet');
  const opened = await openSandboxDatabase(config);
  const { legacyDb } = opened;
  if (!legacyDb) throw new Error('SQLite connection without its handle');
  return { ...opened, legacyDb };
}
