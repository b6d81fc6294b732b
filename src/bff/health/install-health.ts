import type { FastifyInstance } from 'fastify';
import type { Alerts } from '../alerts/install-alerts.js';
import type { BffConfig } from '../config.js';
import type { BffStore } from '../store/bff-store.js';
import { HealthAlerts } from './health-alerts.js';
import { registerConsoleHealthRoute } from './health-routes.js';
import type { HealthTracker } from './health-tracker.js';

/** The console's own health (docs/alerts.md section 7): GET /api/health, and its alerts (checked once the server listens). */
export function installHealth(
  app: FastifyInstance,
  deps: { config: BffConfig; store: BffStore; tracker: HealthTracker; alerts: Alerts; liveStreams: () => number },
): HealthAlerts {
  const { config, store, tracker } = deps;
  registerConsoleHealthRoute(app, { config, repos: store.repos, tracker, liveStreams: deps.liveStreams });
  const healthAlerts = new HealthAlerts({
    incidents: store.repos.healthIncidents,
    activity: store.repos.eventActivity,
    tracker,
    router: deps.alerts.router,
    eventsExpected: config.live.enabled,
    eventSilenceMinutes: config.health.eventSilenceMinutes,
    consoleUrl: deps.alerts.consoleUrl,
    log: (level, message, detail) => app.log[level]({ health: detail }, message),
  });
  app.addHook('onListen', async () => healthAlerts.start());
  app.addHook('preClose', async () => healthAlerts.stop());
  return healthAlerts;
}
