import type { FastifyInstance } from 'fastify';
import { databaseWritable, type Db } from '../store/db.js';
import type { TokenCache } from '../upstream/token-cache.js';

/**
 * /healthz: the process answers. /readyz: a service token is obtainable and the database takes
 * writes (503 otherwise). `detail` adds information that does not decide readiness (live updates).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: { tokens: TokenCache; db: Db; detail?: () => Record<string, unknown> }): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const upstreamToken = await deps.tokens.get().then(
      () => true,
      () => false,
    );
    const database = databaseWritable(deps.db);
    const checks = { upstreamToken, database };
    const detail = deps.detail?.() ?? {};
    if (upstreamToken && database) return { ...detail, status: 'ready', checks };
    const failing = Object.entries(checks).flatMap(([name, ok]) => (ok ? [] : [name]));
    return reply
      .code(503)
      .type('application/problem+json')
      .send({ ...detail, type: 'about:blank', title: 'Service Unavailable', status: 503, detail: `Not ready: ${failing.join(', ')}.`, instance: '/readyz', checks });
  });
}
