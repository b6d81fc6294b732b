import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventLogQuerySchema, type ConsoleSubscriptions, type EventLogPage } from '../../contract/event-log.js';
import { isAllowed, type BffOperationKey } from '../../contract/operations.js';
import { ProblemError } from '../plugins/problem.js';
import { userOf } from '../plugins/user-auth.js';
import type { BffStore } from '../store/bff-store.js';

function requireRole(request: FastifyRequest, operation: BffOperationKey): void {
  if (!isAllowed(userOf(request).roles, operation)) throw new ProblemError({ status: 403, detail: `Your role does not allow ${operation}.` });
}

/**
 * GET /api/events/log: the console's /events page, the received events newest first, filtered and
 * paged by seq (src/contract/event-log.ts). GET /api/live/subscriptions: the ids of the BFF's own
 * webhook subscriptions, so the subscriptions page marks them and offers no delete or replace.
 */
export function registerEventRoutes(app: FastifyInstance, store: BffStore): void {
  app.get('/api/events/log', async (request, reply): Promise<EventLogPage> => {
    requireRole(request, 'GET /api/events/log');
    const query = eventLogQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return store.repos.eventLog.page(query);
  });

  app.get('/api/live/subscriptions', async (request, reply): Promise<ConsoleSubscriptions> => {
    requireRole(request, 'GET /api/live/subscriptions');
    reply.header('cache-control', 'no-store');
    return { ids: (await store.repos.liveSubscriptions.list()).map((r) => r.id) };
  });
}
