import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SandboxConfig } from './config.js';
import type { DeclarationServices } from './declarations/declaration-services.js';
import type { DocumentService } from './documents/document-service.js';
import type { DownloadUrls } from './documents/signed-url.js';
import type { EventBus } from './events/event-bus.js';
import type { ServiceTokens } from './identity/service-token.js';
import type { SigningKeys } from './identity/signing-keys.js';
import type { MessageIngesters } from './ingestion/message-ingesters.js';
import type { SandboxStore } from './store/sandbox-store.js';
import type { JobQueue } from './worker/job-queue.js';

/** What every part of the sandbox is given: one store, one clock, one queue, one event bus. */
export interface SandboxContext {
  config: SandboxConfig;
  /** All persistence: repositories and transactions (store/). */
  store: SandboxStore;
  log: FastifyBaseLogger;
  keys: SigningKeys;
  tokens: ServiceTokens;
  /** publishIn(tx, event), onEventIn, get(id). */
  events: EventBus;
  /** enqueueIn(tx, kind, payload, delayMs), register(kind, handler). */
  jobs: JobQueue;
  /** Customs documents (PDFs) of declarations and their temporary download URLs (the documents themselves: `store.repos.documents`). */
  documents: { service: DocumentService; urls: DownloadUrls };
  /** Declaration status changes with their events, and the customs flows (declarations/declaration-services.ts); used by ingestion, actions, documents. */
  declarations: DeclarationServices;
  /** Each message type's one ingestion function, registered by its part; its HTTPS endpoint and the FTPS poller call it. */
  ingesters: MessageIngesters;
  now: () => Date;
}

/**
 * A part of the sandbox (identity, declarations, subscriptions, classification, ...).
 * app.ts lists the parts; each brings its routes, background handlers and seed data (its tables
 * are in store/migrations).
 */
export interface SandboxFeature {
  name: string;
  /**
   * The parts this one needs registered and seeded before it (their job kinds, message
   * ingesters, seed rows); app.ts refuses to start when the list puts one later (feature-order.ts).
   */
  after?: readonly string[];
  /** Routes and job handlers. Runs once per app. */
  register(app: FastifyInstance, ctx: SandboxContext): void | Promise<void>;
  /** Demo data for a fresh database and after POST /_sandbox/reset. */
  seed?(ctx: SandboxContext): void | Promise<void>;
}
