import type { Kysely } from 'kysely';
import { connect, DatabaseUnavailableError } from '../../server-kit/database/engine.js';
import type { Engine } from '../../server-kit/database/engine.js';
import { migrateToLatest } from '../../server-kit/database/migrations.js';
import { emptyAllTables, Store } from '../../server-kit/database/store.js';
import {
  articlesAndPartnersRepository,
  type ArticlesAndPartnersRepository,
} from './articles-and-partners/articles-and-partners-repository.js';
import { KyselyClassificationRepository, type ClassificationRepository } from './classification/classification-repository.js';
import { declarationCountersRepository, type DeclarationCountersRepository } from './declarations/counters-repository.js';
import { declarationsRepository, type DeclarationsRepository } from './declarations/declarations-repository.js';
import { shipmentsRepository, type ShipmentsRepository } from './declarations/shipments-repository.js';
import { documentsRepository, type DocumentsRepository } from './documents/documents-repository.js';
import { formulaRepository, type FormulaRepository } from './formulas/formula-repository.js';
import { masterDataMessageRepository, type MasterDataMessageRepository } from './master-data-messages/master-data-message-repository.js';
import { SANDBOX_MIGRATION_TABLE, sandboxMigrations } from './migrations/index.js';
import { movementOrderRepository, type MovementOrderRepository } from './movement-orders/movement-order-repository.js';
import { deliveriesRepository, type DeliveriesRepository } from './platform/deliveries-repository.js';
import { eventsRepository, type EventsRepository } from './platform/events-repository.js';
import { jobsRepository, type JobsRepository } from './platform/jobs-repository.js';
import { oidcRepository, type OidcRepository } from './platform/oidc-repository.js';
import { subscriptionsRepository, type SubscriptionsRepository } from './platform/subscriptions-repository.js';
import { tenantsRepository, type TenantsRepository } from './platform/tenants-repository.js';
import { secretsRepository, type SecretsRepository } from './secrets/secrets-repository.js';
import { ingestHistoryRepository, type IngestHistoryRepository } from './ingest-history/ingest-history-repository.js';
import { ftpsFilesRepository, type FtpsFilesRepository } from './ftps-files/ftps-files-repository.js';
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
  articlesAndPartners: ArticlesAndPartnersRepository;
  documents: DocumentsRepository;
  formulas: FormulaRepository;
  masterDataMessages: MasterDataMessageRepository;
  movementOrders: MovementOrderRepository;
  classification: ClassificationRepository;
  secrets: SecretsRepository;
  ingestHistory: IngestHistoryRepository;
  ftpsFiles: FtpsFilesRepository;
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
    articlesAndPartners: articlesAndPartnersRepository(db),
    documents: documentsRepository(db),
    formulas: formulaRepository(db),
    masterDataMessages: masterDataMessageRepository(db),
    movementOrders: movementOrderRepository(db),
    classification: new KyselyClassificationRepository(db, engine),
    secrets: secretsRepository(db),
    ingestHistory: ingestHistoryRepository(db, engine),
    ftpsFiles: ftpsFilesRepository(db, engine),
  };
}

/** Tables a sandbox reset keeps: the schema history, the sandbox's keys and the OpenID Connect issuer's sessions (a reset should not sign users out). */
const keptOnReset = (table: string): boolean =>
  table.startsWith(SANDBOX_MIGRATION_TABLE) || table.startsWith('oidc_') || table === 'sandbox_secrets';

export interface OpenedSandboxStore {
  store: SandboxStore;
  /** Back to the seed data's starting point: every table emptied but those kept on reset. */
  emptyTables(): Promise<void>;
}

/** A table only the BFF creates: a reset must never empty the BFF's audit log. */
const BFF_MIGRATION_TABLE = 'bff_migration';

/**
 * The sandbox's database as the configuration selects it (SQLite under dataDir, or PostgreSQL by
 * SANDBOX_DATABASE_URL), with its schema brought up to date. Several sandbox processes may share
 * one PostgreSQL database; the BFF's database they may not (a sandbox reset empties every table).
 */
export async function openSandboxStore(config: { databaseUrl: string | undefined; dataDir: string }): Promise<OpenedSandboxStore> {
  const connection = await connect<SandboxTables>({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    fileName: 'sandbox.sqlite',
    applicationName: 'customs-sandbox',
  });
  const tables = await connection.db.introspection.getTables();
  if (tables.some((t) => t.name === BFF_MIGRATION_TABLE)) {
    await connection.db.destroy();
    throw new DatabaseUnavailableError(
      `SANDBOX_DATABASE_URL: ${connection.location} is the BFF's database; give the sandbox a database of its own`,
    );
  }
  await migrateToLatest(connection.db, { engine: connection.engine, migrations: sandboxMigrations, historyTable: SANDBOX_MIGRATION_TABLE });
  const store: SandboxStore = new Store(connection, bindRepositories);
  return { store, emptyTables: () => emptyAllTables(connection.db, connection.engine, keptOnReset) };
}
