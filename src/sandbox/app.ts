import Fastify, { type FastifyInstance } from 'fastify';
import { registerBodyParsers } from '../server-kit/http/body-parsers.js';
import { installErrorHandler } from '../server-kit/http/error-handler.js';
import { endConnectionsAfterGrace } from '../server-kit/http/graceful-close.js';
import { listRoutes, type RegisteredRoute } from '../server-kit/http/route-list.js';
import { httpTimeoutOptions } from '../server-kit/http/timeouts.js';
import type { SandboxConfig } from './config.js';
import type { SandboxContext, SandboxFeature } from './context.js';
import { checkFeatureOrder } from './feature-order.js';
import { actionsFeature } from './actions/actions-feature.js';
import { classificationFeature } from './classification/feature.js';
import { DocumentService } from './documents/document-service.js';
import { documentsFeature } from './documents/documents-feature.js';
import { DownloadUrls, loadOrCreateUrlSecret } from './documents/signed-url.js';
import { EventBus } from './events/event-bus.js';
import { formulasFeature } from './formulas/formulas-feature.js';
import { ftpsFeature } from './ftps/ftps-feature.js';
import { ingestHistoryFeature } from './routes/ingest-history.js';
import { installRateLimit } from './http/rate-limit.js';
import { refuseNulCharacters } from './http/nul-characters.js';
import { SERVICE_PROBLEMS, sendProblem } from './http/problem.js';
import { loadOrCreateAdminToken, requireAdminToken } from './identity/admin-token.js';
import { installServiceAuth } from './identity/require-scope.js';
import { ServiceTokens, registerServiceTokenEndpoint } from './identity/service-token.js';
import { DEMO_TENANTS } from './identity/demo-clients.js';
import { loadOrCreateSigningKeys } from './identity/signing-keys.js';
import { oidcFeature } from './identity/oidc/oidc-feature.js';
import { masterDataMessagesFeature } from './master-data-messages/master-data-messages-feature.js';
import { movementOrdersFeature } from './movement-orders/movement-orders-feature.js';
import { authorizationStatusFeature } from './routes/authorization-status.js';
import { registerReadiness } from './routes/readiness.js';
import { registerSandboxControls } from './routes/sandbox-controls.js';
import { createDeclarationServices } from './declarations/declaration-services.js';
import { declarationsFeature } from './declarations/declarations-feature.js';
import { ingestionFeature } from './ingestion/ingestion-feature.js';
import { MessageIngesters } from './ingestion/message-ingesters.js';
import { openSandboxStore } from './store/sandbox-store.js';
import { subscriptionsFeature } from './subscriptions/subscriptions-feature.js';
import { JobQueue } from './worker/job-queue.js';
import { prettyLogStream } from '../server-kit/logging/log-output.js';

/** Largest request body the sandbox accepts (sandbox default; the specification names none). Above it: 413. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** The parts of the sandbox, in registration order (each after the parts it names in `after`). A new part adds one line here. */
export const FEATURES: readonly SandboxFeature[] = [
  oidcFeature,
  authorizationStatusFeature,
  documentsFeature,
  subscriptionsFeature,
  formulasFeature,
  masterDataMessagesFeature,
  movementOrdersFeature,
  declarationsFeature,
  ingestionFeature,
  actionsFeature,
  classificationFeature,
  ftpsFeature,
  ingestHistoryFeature,
];

export interface Sandbox {
  app: FastifyInstance;
  ctx: SandboxContext;
  /** Bearer token of the /_sandbox controls (SANDBOX_ADMIN_TOKEN or generated). */
  adminToken: string;
  /** Every route, as registered. */
  routes: readonly RegisteredRoute[];
}

export interface SandboxOptions {
  /** Replaces the clock (tests). */
  now?: () => Date;
  features?: readonly SandboxFeature[];
}

/** Builds the sandbox in process (Fastify's buildApp pattern); server.ts listens, tests inject or listen on port 0. */
export async function buildSandbox(config: SandboxConfig, options: SandboxOptions = {}): Promise<Sandbox> {
  const features = options.features ?? FEATURES;
  checkFeatureOrder(features);
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}),
    },
    routerOptions: { ignoreTrailingSlash: true },
    ...httpTimeoutOptions({
      requestTimeoutMs: config.httpRequestTimeoutMs,
      idleTimeoutMs: config.httpIdleTimeoutMs,
      keepAliveTimeoutMs: config.httpKeepAliveTimeoutMs,
    }),
  });
  const routes = listRoutes(app);
  const opened = await openSandboxStore(config);
  const { store } = opened;

  const keys = await loadOrCreateSigningKeys(store.repos.secrets, config.dataDir);
  const jobs = new JobQueue({ store, log: app.log, now: () => now().getTime(), reclaimAfterMs: config.jobReclaimAfterMs });
  const events = new EventBus({ store, now });
  const ctx: SandboxContext = {
    config,
    store,
    log: app.log,
    keys,
    tokens: new ServiceTokens(keys, `${config.publicUrl}/`, () => now().getTime(), config.serviceTokenSeconds),
    events,
    jobs,
    documents: {
      service: new DocumentService({ store, events, publicUrl: config.publicUrl, now }),
      urls: new DownloadUrls(await loadOrCreateUrlSecret(store.repos.secrets, config.dataDir), config.publicUrl, now),
    },
    declarations: createDeclarationServices({ store, events, jobs, now, config }),
    ingesters: new MessageIngesters(),
    now,
  };

  installErrorHandler(app, SERVICE_PROBLEMS);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, { status: 404, detail: `No resource at ${request.method} ${request.url.split('?')[0]}.` }),
  );
  refuseNulCharacters(app);
  // Forms: the service token endpoint; raw: classification image uploads.
  registerBodyParsers(app, { xml: true, form: true, raw: ['application/octet-stream', 'application/pdf', /^image\//] });
  const adminToken = await loadOrCreateAdminToken(store.repos.secrets, config.dataDir, config.adminToken);
  requireAdminToken(app, adminToken);
  installServiceAuth(app, ctx.tokens, store.repos.tenants);
  installRateLimit(app, config.rateLimit);
  registerServiceTokenEndpoint(app, ctx.tokens);

  // The demo tenants mark a seeded database: of several processes starting on one empty database,
  // the one that adds them seeds the demo data; the others find it done (or under way).
  const seed = async (): Promise<void> => {
    const added = await store.repos.tenants.seed(
      DEMO_TENANTS.map((t) => ({
        tenantId: t.tenantId,
        name: t.name,
        classificationJurisdictions: [...t.classificationJurisdictions],
        credits: t.initialCredits,
      })),
    );
    if (added === DEMO_TENANTS.length && config.seed) for (const f of features) await f.seed?.(ctx);
  };
  registerSandboxControls(
    app,
    {
      reset: async () => {
        await ctx.jobs.stop();
        await opened.emptyTables();
        await seed();
        ctx.jobs.start();
      },
    },
    (tenantId, credits) => store.repos.tenants.setCredits(tenantId, credits),
    async (tenantId) => (await store.repos.tenants.get(tenantId))?.credits,
  );
  for (const f of features) await f.register(app, ctx);

  await seed();

  app.get('/healthz', async () => ({ status: 'ok' }));
  registerReadiness(app, store);
  app.addHook('onReady', async () => ctx.jobs.start());
  endConnectionsAfterGrace(app);
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await store.close();
  });
  return { app, ctx, adminToken, routes };
}
