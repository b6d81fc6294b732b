import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { registerBodyParsers } from '../server-kit/http/body-parsers.js';
import { installErrorHandler } from '../server-kit/http/error-handler.js';
import { endConnectionsAfterGrace } from '../server-kit/http/graceful-close.js';
import { ProblemError } from '../server-kit/http/problem.js';
import { listRoutes, type RegisteredRoute } from '../server-kit/http/route-list.js';
import { httpTimeoutOptions } from '../server-kit/http/timeouts.js';
import { approvalGuard, type ApprovalDeps } from './approvals/approval-guard.js';
import { registerApprovalRoutes } from './approvals/approval-routes.js';
import { batchedLogStream } from './batched-log-stream.js';
import { prettyLogStream } from '../server-kit/logging/log-output.js';
import type { BffConfig } from './config.js';
import type { EventEnvelope } from '../contract/events.js';
import { installDashboard } from './dashboard/install-dashboard.js';
import type { FactsRecorder } from './dashboard/facts-recorder.js';
import { installLive, type Live } from './live/install-live.js';
import { installAlerts, type Alerts } from './alerts/install-alerts.js';
import { installRadar } from './radar/install-radar.js';
import type { HealthAlerts } from './health/health-alerts.js';
import { installHealth } from './health/install-health.js';
import { HealthTracker } from './health/health-tracker.js';
import type { RadarAlerts } from './radar/radar-alerts.js';
import { BffMetrics, serveMetrics } from './metrics/bff-metrics.js';
import { changeRecorder } from './review/change-recorder.js';
import { installReview } from './review/install-review.js';
import { problemClientErrorHandler } from './plugins/client-error.js';
import { BFF_PROBLEMS, sendProblem } from './plugins/problem.js';
import { installRequestLog } from './plugins/request-log.js';
import { installSecurityHeaders, securityHeaders, type SecurityHeaderOptions } from './plugins/security-headers.js';
import { createUserTokenVerifier, installUserAuth, type UserTokenVerifier } from './plugins/user-auth.js';
import { installUserRateLimit } from './plugins/user-rate-limit.js';
import { cacheVerifiedTokens } from './plugins/verified-token-cache.js';
import { auditExtension } from './proxy/extensions/audit.js';
import { ownSubscriptionGuard } from './proxy/extensions/own-subscription-guard.js';
import { runStartLock } from './proxy/extensions/run-start-lock.js';
import { registerApiProxy } from './proxy/pipeline.js';
import type { ErrorIndexer } from './review/error-indexer.js';
import { registerAuditRoute } from './routes/audit.js';
import { registerClassificationDecisionRoutes } from './routes/classification-decisions.js';
import { registerClassificationRunRoutes } from './routes/classification-runs.js';
import { registerCodeCheckRoutes } from './routes/code-checks.js';
import { movementOrderRecorder, registerMovementOrdersList } from './routes/movement-orders-list.js';
import { registerConsoleConfig } from './routes/console-config.js';
import { registerSlaTargetRoutes } from './routes/sla-targets.js';
import { registerAssignmentRoutes } from './routes/assignments.js';
import { registerUserPreferenceRoutes } from './routes/user-preferences.js';
import { registerWorkQueueRoutes } from './routes/work-queue.js';
import { registerOwnerSearchRoute } from './routes/owner-search.js';
import { installPeopleSeen } from './plugins/people-seen.js';
import { registerEventRoutes } from './routes/events.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerIngestHistoryRoute } from './routes/ingest-history.js';
import { registerSpa } from './routes/spa.js';
import { registerTariffRoutes } from './routes/tariff.js';
import type { AuditLogRepository } from './store/audit-log.js';
import { BffStore } from './store/bff-store.js';
import { unsafePathReason } from './upstream/allow-list.js';
import { TokenCache } from './upstream/token-cache.js';
import { UpstreamClient } from './upstream/upstream-client.js';

export interface Bff {
  app: FastifyInstance;
  config: BffConfig;
  tokens: TokenCache;
  audit: AuditLogRepository;
  store: BffStore;
  live: Live;
  indexer: ErrorIndexer;
  alerts: Alerts;
  radarAlerts: RadarAlerts;
  /** The console's alerts about itself: events silent, the service failing. */
  healthAlerts: HealthAlerts;
  /** The metrics listener's address once the server listens; undefined when METRICS_PORT is unset. */
  metricsUrl: () => string | undefined;
  /** The operations dashboard's facts (issue 25). */
  dashboard: FactsRecorder;
  /** Every route, as registered. */
  routes: readonly RegisteredRoute[];
}

export interface BffOptions {
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: { write(line: string): void };
  /** Replaces the user-token check (tests of other parts). */
  verifyUserToken?: UserTokenVerifier;
}

/**
 * Header paths that must never be logged. Fastify's default request serializer logs no headers;
 * this is the second line of defence should a serializer or a log call include them.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'req.headers["x-webhook-secret"]',
  'headers["x-webhook-secret"]',
  'res.headers["set-cookie"]',
  'access_token',
  'client_secret',
];

/** Builds the BFF in process (Fastify's buildApp pattern); server.ts listens, tests listen on port 0. */
export async function buildBff(config: BffConfig, options: BffOptions = {}): Promise<Bff> {
  // First: a wrong DATABASE_URL, an unreachable server or a newer schema stops the start here, with nothing else to undo.
  const store = await BffStore.open({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await assemble(config, options, store);
  } catch (e) {
    await store.close();
    throw e;
  }
}

async function assemble(config: BffConfig, options: BffOptions, store: BffStore): Promise<Bff> {
  const headerOptions: SecurityHeaderOptions = {
    idpOrigin: config.user.idpOrigin,
    hsts: config.live.publicUrl?.startsWith('https:') ?? false,
  };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      stream: options.logStream ?? (config.logFormat === 'pretty' ? prettyLogStream() : batchedLogStream()),
    },
    genReqId: () => randomUUID(),
    // One line per request instead (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
    // Malformed URLs are refused by the router before any hook: answer them as problem documents too.
    // These skip the onSend hooks, so the security headers are set here.
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeaders(headerOptions)).header('x-request-id', request.id);
      void sendProblem(request, reply, { status: 400, detail: error.message });
    },
    // Node's parser-level refusals (bad header bytes): a problem document with the security headers too.
    clientErrorHandler: problemClientErrorHandler(securityHeaders(headerOptions)),
    bodyLimit: 1024 * 1024,
    ...httpTimeoutOptions(config.http),
  });

  const routes = listRoutes(app);
  const metrics = config.metrics ? new BffMetrics() : undefined;
  const audit = store.repos.auditLog;
  const health = new HealthTracker();
  // One process on SQLite: an intent still pending at start was left by a crash (its outcome is unknown).
  if (store.engine === 'sqlite') await audit.abandonPending(new Date().toISOString());
  const tokens = new TokenCache({
    tokenUrl: config.upstream.tokenUrl,
    clientId: config.upstream.clientId,
    clientSecret: config.upstream.clientSecret,
    scope: config.upstream.scope,
    onFetch: (o) => {
      health.onTokenFetch(o);
      metrics?.tokenRenewals.inc({ outcome: o.ok ? 'ok' : 'failed' });
      app.log.info({ tokenRequest: o }, o.ok ? 'service token obtained' : 'service token request failed');
    },
  });
  const upstream = new UpstreamClient(config.upstream.baseUrl, tokens, {
    onCall: (c) => {
      health.onUpstreamCall(c);
      metrics?.observeUpstream(c);
    },
  });
  metrics?.watchDatabasePool(() => store.poolStats());

  installErrorHandler(app, BFF_PROBLEMS);
  registerBodyParsers(app);
  installRequestLog(app);
  metrics?.instrument(app);
  installSecurityHeaders(app, headerOptions);

  // Path guard, before anything else looks at the URL: no absolute URLs, dot segments, encoded or back slashes, double slashes.
  app.addHook('onRequest', async (request) => {
    const reason = unsafePathReason(request.raw.url ?? '');
    if (reason) throw new ProblemError({ status: 400, detail: reason });
  });
  installUserAuth(app, options.verifyUserToken ?? cacheVerifiedTokens(createUserTokenVerifier(config.user)));
  if (config.rateLimit) installUserRateLimit(app, config.rateLimit, store.repos.rateLimitBuckets);

  const indexer = installReview(app, { store, upstream });
  const alerts = installAlerts(app, { config, store, upstream, onOutcome: (o) => metrics?.alerts.inc(o) });
  const dashboard = installDashboard(app, { store, upstream });
  const onStored = (e: EventEnvelope) => {
    indexer.onEvent(e);
    alerts.router.onEvent(e);
    dashboard.onEvent(e);
  };
  const live = await installLive(app, {
    config,
    store,
    tokens,
    onStored,
    onReceived: (stored) => metrics?.events.inc({ result: stored ? 'stored' : 'duplicate' }),
    onEventsMissed: () => indexer.eventsMissed(),
  });
  metrics?.watchLiveStreams(() => live.hub.size);
  // The review desk's index builds itself once the console follows the service's events (from then on nothing is missed).
  if (live.bootstrap) void live.bootstrap.whenSynced().then(() => indexer.keepComplete());
  // The dashboard's history too: what the search tells of declarations from before (once per deployment),
  // once events follow; without live events the dashboard has nothing to keep its figures current.
  if (live.bootstrap) void live.bootstrap.whenSynced().then(() => dashboard.backfill());
  registerHealthRoutes(app, { tokens, store, detail: live.readiness });
  const healthAlerts = installHealth(app, { config, store, tracker: health, alerts, liveStreams: () => live.hub.size });
  registerConsoleConfig(app, config);
  registerAuditRoute(app, audit);
  const liveSubscriptions = store.repos.liveSubscriptions;
  registerEventRoutes(app, store);
  registerSlaTargetRoutes(app, store.repos.meta);
  installPeopleSeen(app, store.repos.people);
  registerAssignmentRoutes(app, { repos: store.repos, upstream });
  registerUserPreferenceRoutes(app, store.repos.userPreferences);
  registerWorkQueueRoutes(app, { repos: store.repos, upstream });
  registerOwnerSearchRoute(app, { repos: store.repos, upstream });
  const radarAlerts = installRadar(app, { store, upstream, router: alerts.router });
  const approvals: ApprovalDeps = {
    policy: config.approvals.policy,
    expiryMs: config.approvals.expiryMs,
    upstream,
    requests: store.repos.approvalRequests,
  };
  await registerApiProxy(app, {
    upstream,
    // In the order their checks run; the audit last, so its intent is written just before forwarding.
    extensions: [
      ownSubscriptionGuard(async (id) => (await liveSubscriptions.list()).some((r) => r.id === id)),
      runStartLock({ upstream, store }),
      // After the checks that refuse, before anything that records a forwarded call: a held call is kept, not sent.
      approvalGuard(approvals),
      changeRecorder({
        upstream,
        changes: store.repos.declarationChanges,
        log: (message, detail) => app.log.warn({ review: detail }, message),
      }),
      movementOrderRecorder(store.repos.createdMovementOrders),
      auditExtension(audit),
    ],
  });
  registerIngestHistoryRoute(app, { upstream, store });
  registerClassificationRunRoutes(app, { upstream, store });
  registerClassificationDecisionRoutes(app, { upstream, store });
  registerMovementOrdersList(app, store.repos.createdMovementOrders);
  registerApprovalRoutes(app, { ...approvals, audit, onDecided: (r) => alerts.approvals.decided(r) });
  registerTariffRoutes(app, { upstream });
  registerCodeCheckRoutes(app, { upstream, store, audit });
  await registerSpa(app, config.staticDir);

  endConnectionsAfterGrace(app);
  let metricsServer: Server | undefined;
  if (metrics && config.metrics) {
    const { port, host } = config.metrics;
    app.addHook('onListen', async () => {
      metricsServer = await serveMetrics(metrics, port, host);
    });
  }
  const metricsUrl = () => {
    const address = metricsServer?.address();
    return address && typeof address === 'object' ? `http://${config.metrics?.host ?? '127.0.0.1'}:${address.port}/metrics` : undefined;
  };
  app.addHook('onClose', async () => {
    metricsServer?.close();
    upstream.close();
    await store.close();
  });
  return { app, config, tokens, audit, store, live, indexer, alerts, radarAlerts, healthAlerts, metricsUrl, dashboard, routes };
}
