import type { FastifyInstance } from 'fastify';
import { eventLogQuerySchema, type ConsoleSubscriptions, type EventLogPage } from '../../contract/event-log.js';
import { requireOperation } from '../plugins/user-auth.js';
import type { BffStore } from '../store/bff-store.js';

/**
 * GET /api/events/log: the console's /events page, the received events newest first, filtered and
 * paged by seq (src/contract/event-log.ts). GET /api/live/subscriptions: the ids of the BFF's own
 * webhook subscriptions, so the subscriptions page marks them and offers no delete or replace.
 */
export function registerEventRoutes(app: FastifyInstance, store: BffStore): void {
  app.get('/api/events/log', async (request, reply): Promise<EventLogPage> => {
    requireOperation(request, 'GET /api/events/log');
    const query = eventLogQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return store.repos.eventLog.page(query);
  });

  app.get('/api/live/subscriptions', async (request, reply): Promise<ConsoleSubscriptions> => {
    requireOperation(request, 'GET /api/live/subscriptions');
    reply.header('cache-control', 'no-store');
    return { ids: (await store.repos.liveSubscriptions.list()).map((r) => r.id) };
  });
}
