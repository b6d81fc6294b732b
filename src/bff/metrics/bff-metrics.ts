import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../../server-kit/database/engine.js';
import { matchOperation } from '../upstream/allow-list.js';
import type { UpstreamCallOutcome } from '../upstream/upstream-client.js';

/**
 * The BFF's Prometheus metrics (docs/alerts.md section 6). Each request costs one histogram
 * observe (its _count is the request count); the other families are counted where they happen.
 */
export class BffMetrics {
  readonly registry = new Registry();
  readonly requests = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Requests by route (operation) and status, and how long they took.',
    labelNames: ['operation', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly tokenRenewals = new Counter({
    name: 'bff_service_token_requests_total',
    help: 'Service token requests by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly events = new Counter({
    name: 'bff_webhook_events_total',
    help: 'Webhook events received: stored, or dropped as duplicates.',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  readonly alerts = new Counter({
    name: 'bff_alert_deliveries_total',
    help: 'Alert deliveries by channel and outcome (sent, retry, failed).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly upstream = new Histogram({
    name: 'bff_upstream_request_duration_seconds',
    help: 'Calls to the customs service by operation and status (error: unreachable or timed out), and how long until the answer.',
    labelNames: ['operation', 'status'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'bff_' });
  }

  /** One call to the service; the operation is the allow-list's key (`other` for a path it does not name). */
  observeUpstream(call: UpstreamCallOutcome): void {
    const path = call.pathAndQuery.split('?')[0] ?? '';
    this.upstream.observe({ operation: matchOperation(call.method, path) ?? 'other', status: String(call.status) }, call.seconds);
  }

  /** The PostgreSQL pool's connections (total, idle, waiting for one), read when scraped; nothing on SQLite. */
  watchDatabasePool(stats: () => PoolStats | undefined): void {
    new Gauge({
      name: 'bff_database_pool_connections',
      help: 'PostgreSQL pool connections by state: total, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const now = stats();
        if (!now) return;
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }

  /** Open /api/live streams, read when scraped. */
  watchLiveStreams(size: () => number): void {
    new Gauge({
      name: 'bff_live_streams',
      help: 'Open /api/live streams on this replica.',
      registers: [this.registry],
      collect() {
        this.set(size());
      },
    });
  }

  /** One observe per request, when its answer is sent. */
  instrument(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      this.requests.observe(
        { operation: `${request.method} ${request.routeOptions.url ?? 'unmatched'}`, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  }
}

/** GET /metrics on its own port (METRICS_PORT; loopback unless METRICS_HOST), apart from the console's traffic. */
export async function serveMetrics(metrics: BffMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(e instanceof Error ? e.message : String(e)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
