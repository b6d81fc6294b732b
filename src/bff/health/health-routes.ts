import type { FastifyInstance } from 'fastify';
import type { ConsoleHealth } from '../../contract/console-health.js';
import type { BffConfig } from '../config.js';
import { requireOperation } from '../plugins/user-auth.js';
import type { BffRepos } from '../store/bff-store.js';
import type { HealthTracker } from './health-tracker.js';

/** Incidents that ended within a day stay on the page, beside the open ones. */
const INCIDENTS_SHOWN_MS = 24 * 3_600_000;
const MAX_INCIDENTS = 20;

const isLoopbackUrl = (url: string): boolean => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/** GET /api/health (src/contract/console-health.ts): the console's own health, for supervisors. */
export function registerConsoleHealthRoute(
  app: FastifyInstance,
  deps: {
    config: BffConfig;
    repos: Pick<BffRepos, 'liveSubscriptions' | 'eventActivity' | 'healthIncidents'>;
    tracker: HealthTracker;
    liveStreams: () => number;
  },
): void {
  app.get('/api/health', async (request, reply): Promise<ConsoleHealth> => {
    requireOperation(request, 'GET /api/health');
    reply.header('cache-control', 'no-store');
    const now = Date.now();
    const [subscriptions, lastByType, incidents] = await Promise.all([
      deps.repos.liveSubscriptions.list(),
      deps.repos.eventActivity.lastReceivedByType(),
      deps.repos.healthIncidents.recent(new Date(now - INCIDENTS_SHOWN_MS).toISOString(), MAX_INCIDENTS),
    ]);
    return {
      environment: deps.config.environment,
      sandbox: isLoopbackUrl(deps.config.upstream.baseUrl),
      token: deps.tracker.tokenState(),
      subscriptions: subscriptions.map((s) => {
        const last = lastByType.get(s.eventType) ?? null;
        return {
          id: s.id,
          eventType: s.eventType,
          lastEventAt: last,
          secondsSinceLastEvent: last === null ? null : Math.max(0, Math.floor((now - Date.parse(last)) / 1000)),
        };
      }),
      liveStreams: deps.liveStreams(),
      upstream: deps.tracker.lastHour(),
      eventSilenceMinutes: deps.config.health.eventSilenceMinutes,
      incidents,
      generatedAt: new Date(now).toISOString(),
    };
  });
}
