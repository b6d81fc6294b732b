import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../server-kit/database/connection-errors.js';
import type { SandboxStore } from '../store/sandbox-store.js';
import { sendProblem } from '../http/problem.js';

/**
 * /readyz: the database answers (503 with Retry-After otherwise), so a load balancer sends no
 * traffic to a process that cannot serve it while PostgreSQL restarts. /healthz stays 200: the
 * process is alive and recovers by itself, nothing should restart it.
 */
export function registerReadiness(app: FastifyInstance, store: Pick<SandboxStore, 'reachable'>): void {
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const database = await store.reachable();
    if (database) return { status: 'ready', checks: { database } };
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendProblem(request, reply, { status: 503, detail: 'Not ready: database.' });
  });
}
