import type { Kysely } from 'kysely';
import { connect, type Connection } from '../../server-kit/database/engine.js';
import { migrateToLatest } from '../../server-kit/database/migrations.js';
import { Store } from '../../server-kit/database/store.js';
import { withSessionLock, type LockName, type SessionLockOptions } from './advisory-locks.js';
import { approvalRequestRepository, type ApprovalRequestRepository } from './approval-requests.js';
import { auditLogRepository, type AuditLogRepository } from './audit-log.js';
import { classificationDecisionRepository, type ClassificationDecisionRepository } from './classification-decisions.js';
import { classificationRunRepository, type ClassificationRunRepository } from './classification-runs.js';
import { bulkRunsRepository, type BulkRunsRepository } from './bulk-runs.js';
import { declarationChangesRepository, type DeclarationChangesRepository } from './declaration-changes.js';
import { declarationFactsRepository, type DeclarationFactsRepository } from './declaration-facts.js';
import { radarRepository, type RadarRepository } from './radar.js';
import { eventActivityRepository, type EventActivityRepository } from './event-activity.js';
import { healthIncidentsRepository, type HealthIncidentsRepository } from './health-incidents.js';
import { userPreferencesRepository, type UserPreferencesRepository } from './user-preferences.js';
import { errorIndexRepository, type ErrorIndexRepository } from './error-index.js';
import { errorNotesRepository, type ErrorNotesRepository } from './error-notes.js';
import { createdMovementOrderRepository, type CreatedMovementOrderRepository } from './created-movement-orders.js';
import { eventInboxRepository, type EventInboxRepository } from './event-inbox.js';
import { eventLogRepository, type EventLogRepository } from './event-log.js';
import { InboxFeed, type InboxWatch, type InboxWatcher } from './inbox-feed.js';
import { ingestEventsRepository, type IngestEventsRepository } from './ingest-events.js';
import { liveSubscriptionRepository, type LiveSubscriptionRepository } from './live-subscriptions.js';
import { metaRepository, type MetaRepository } from './meta.js';
import { rateLimitBucketRepository, type RateLimitBucketRepository } from './rate-limit-buckets.js';
import { alertsRepository, type AlertsRepository } from './alerts.js';
import { assignmentsRepository, type AssignmentsRepository } from './assignments.js';
import { peopleRepository, type PeopleRepository } from './people.js';
import { BFF_MIGRATION_TABLE, bffMigrations } from './migrations/index.js';
import type { BffTables } from './tables.js';

export interface BffRepos {
  auditLog: AuditLogRepository;
  eventInbox: EventInboxRepository;
  eventLog: EventLogRepository;
  liveSubscriptions: LiveSubscriptionRepository;
  meta: MetaRepository;
  ingestEvents: IngestEventsRepository;
  classificationRuns: ClassificationRunRepository;
  classificationDecisions: ClassificationDecisionRepository;
  errorIndex: ErrorIndexRepository;
  errorNotes: ErrorNotesRepository;
  bulkRuns: BulkRunsRepository;
  createdMovementOrders: CreatedMovementOrderRepository;
  declarationChanges: DeclarationChangesRepository;
  rateLimitBuckets: RateLimitBucketRepository;
  alerts: AlertsRepository;
  declarationFacts: DeclarationFactsRepository;
  radar: RadarRepository;
  eventActivity: EventActivityRepository;
  healthIncidents: HealthIncidentsRepository;
  userPreferences: UserPreferencesRepository;
  assignments: AssignmentsRepository;
  people: PeopleRepository;
  approvalRequests: ApprovalRequestRepository;
}

export interface BffStoreOptions {
  /** postgres:// URL (DATABASE_URL); undefined: SQLite `${dataDir}/bff.sqlite`. */
  databaseUrl: string | undefined;
  dataDir: string;
}

/** Shown in pg_stat_activity: the pool, and each replica's LISTEN connection. */
export const BFF_APPLICATION_NAME = 'customs-console-bff';
export const BFF_LISTENER_APPLICATION_NAME = 'customs-console-bff-live';

/**
 * All of the BFF's persistence: audit log, event inbox, live subscriptions and shared settings,
 * on SQLite (one process) or PostgreSQL (any number of replicas). Opened once by `buildBff`.
 */
export class BffStore extends Store<BffTables, BffRepos> {
  private readonly localLocks = new Map<LockName, Promise<unknown>>();

  private constructor(
    connection: Connection<BffTables>,
    private readonly kysely: Kysely<BffTables>,
    private readonly feed: InboxFeed,
  ) {
    super(connection, (db, engine) => ({
      auditLog: auditLogRepository(db),
      eventInbox: eventInboxRepository(db, engine, (seq) => feed.stored(seq)),
      eventLog: eventLogRepository(db, engine),
      liveSubscriptions: liveSubscriptionRepository(db),
      meta: metaRepository(db),
      ingestEvents: ingestEventsRepository(db),
      classificationRuns: classificationRunRepository(db),
      classificationDecisions: classificationDecisionRepository(db),
      errorIndex: errorIndexRepository(db, engine),
      errorNotes: errorNotesRepository(db),
      bulkRuns: bulkRunsRepository(db),
      createdMovementOrders: createdMovementOrderRepository(db),
      declarationChanges: declarationChangesRepository(db),
      rateLimitBuckets: rateLimitBucketRepository(db, engine),
      alerts: alertsRepository(db),
      declarationFacts: declarationFactsRepository(db, engine),
      radar: radarRepository(db),
      eventActivity: eventActivityRepository(db),
      healthIncidents: healthIncidentsRepository(db),
      userPreferences: userPreferencesRepository(db),
      assignments: assignmentsRepository(db),
      people: peopleRepository(db),
      approvalRequests: approvalRequestRepository(db),
    }));
  }

  /**
   * Connects and applies the migrations this database has not seen. Throws
   * DatabaseUnavailableError (wrong or unreachable server) or SchemaTooNewError (a newer release
   * migrated it): start-up stops on either with its message.
   */
  static async open(options: BffStoreOptions): Promise<BffStore> {
    const connection = await connect<BffTables>({
      url: options.databaseUrl,
      dataDir: options.dataDir,
      fileName: 'bff.sqlite',
      applicationName: BFF_APPLICATION_NAME,
    });
    try {
      await migrateToLatest(connection.db, { engine: connection.engine, migrations: bffMigrations, historyTable: BFF_MIGRATION_TABLE });
    } catch (e) {
      await connection.db.destroy();
      throw e;
    }
    return new BffStore(connection, connection.db, new InboxFeed(options.databaseUrl, BFF_LISTENER_APPLICATION_NAME));
  }

  /** Wake-ups for new inbox rows, from this process and (PostgreSQL) every other replica. */
  watchInbox(watcher: InboxWatcher): Promise<InboxWatch> {
    return this.feed.watch(watcher);
  }

  /**
   * Runs `work` with the deployment-wide lock `name`: one replica at a time. On PostgreSQL a
   * session advisory lock (`work`'s writes still commit one by one); on SQLite, one process,
   * an in-process queue.
   */
  exclusively<T>(name: LockName, work: () => Promise<T>, options: SessionLockOptions = {}): Promise<T> {
    if (this.engine === 'postgres') return withSessionLock(this.kysely, name, work, options);
    const previous = this.localLocks.get(name) ?? Promise.resolve();
    const run = previous.then(work, work);
    this.localLocks.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  }

  override async close(): Promise<void> {
    await this.feed.close();
    await super.close();
  }
}
