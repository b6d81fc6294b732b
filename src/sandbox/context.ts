import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SandboxConfig } from './config.js';
import type { DeclarationServices } from './declarations/declaration-services.js';
import type { DocumentService } from './documents/document-service.js';
import type { DownloadUrls } from './documents/signed-url.js';
import type { EventBus } from './events/event-bus.js';
import type { ServiceTokens } from './identity/service-token.js';
import type { SigningKeys } from './identity/signing-keys.js';
import type { Db, SchemaPart } from './store/db.js';
import type { LegacyTenantStore } from './store/platform/legacy-sync.js';
import type { SandboxStore } from './store/sandbox-store.js';
import type { JobQueue } from './worker/job-queue.js';

/** What every part of the sandbox is given: one database, one clock, one queue, one event bus. */
export interface SandboxContext {
  config: SandboxConfig;
  /** All persistence: repositories and transactions (store/). */
  store: SandboxStore;
  /**
   * @deprecated legacy sync API for parts not yet on the store; removed when the last part moves
   *
   * The SQLite handle of parts that have not moved to `store` yet (the same connection as `store`).
   */
  db: Db;
  log: FastifyBaseLogger;
  keys: SigningKeys;
  tokens: ServiceTokens;
  /** @deprecated legacy sync API for parts not yet on the store; removed when the last part moves (use `tx.tenants` / `store.repos.tenants`) */
  tenants: LegacyTenantStore;
  /** publishIn(tx, event), onEventIn, get(id); the synchronous publish/onEvent are deprecated. */
  events: EventBus;
  /** enqueueIn(tx, kind, payload, delayMs), register(kind, handler); the synchronous enqueue is deprecated. */
  jobs: JobQueue;
  /** Customs documents (PDFs) of declarations and their temporary download URLs (the documents themselves: `store.repos.documents`). */
  documents: { service: DocumentService; urls: DownloadUrls };
  /** Declaration status changes with their events, and the customs flows (declarations/declaration-services.ts); used by ingestion, actions, documents. */
  declarations: DeclarationServices;
  now: () => Date;
}

/**
 * A part of the sandbox (identity, declarations, subscriptions, classification, ...).
 * app.ts lists the parts; each brings its tables, routes, background handlers and seed data.
 */
export interface SandboxFeature {
  name: string;
  schema?: readonly SchemaPart[];
  /** Routes and job handlers. Runs once per app. */
  register(app: FastifyInstance, ctx: SandboxContext): void | Promise<void>;
  /** Demo data for a fresh database and after POST /_sandbox/reset. */
  seed?(ctx: SandboxContext): void | Promise<void>;
}
