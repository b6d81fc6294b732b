import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../server-kit/database/connection-errors.js';
import type { BffStore } from '../store/bff-store.js';
import type { TokenCache } from '../upstream/token-cache.js';

/**
 * /healthz: the process answers. /readyz: a service token is obtainable and the database answers
 * (503 otherwise), so a load balancer sends no traffic to a replica that cannot serve it.
 * `detail` adds information that does not decide readiness (live updates).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { tokens: TokenCache; store: Pick<BffStore, 'reachable'>; detail?: () => Record<string, unknown> },
): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const [upstreamToken, database] = await Promise.all([
      deps.tokens.get().then(
        () => true,
        () => false,
      ),
      deps.store.reachable(),
    ]);
    const checks = { upstreamToken, database };
    const detail = deps.detail?.() ?? {};
    if (upstreamToken && database) return { ...detail, status: 'ready', checks };
    const failing = Object.entries(checks).flatMap(([name, ok]) => (ok ? [] : [name]));
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .type('application/problem+json')
      .send({
        ...detail,
        type: 'about:blank',
        title: 'Service Unavailable',
        status: 503,
        detail: `Not ready: ${failing.join(', ')}.`,
        instance: '/readyz',
        checks,
      });
  });
}
