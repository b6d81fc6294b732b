import type { FastifyInstance } from 'fastify';
import type { AlertRouter } from '../alerts/alert-router.js';
import type { BffStore } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { RadarAlerts } from './radar-alerts.js';
import { registerRadarRoutes } from './radar-routes.js';

/** The deadline radar (docs/alerts.md): GET /api/radar, and its items alerted once overdue (checked once the server listens). */
export function installRadar(app: FastifyInstance, deps: { store: BffStore; upstream: UpstreamClient; router: AlertRouter }): RadarAlerts {
  const radarDeps = { repos: deps.store.repos, upstream: deps.upstream };
  registerRadarRoutes(app, radarDeps);
  const alerts = new RadarAlerts({
    ...radarDeps,
    alerts: deps.store.repos.alerts,
    router: deps.router,
    log: (level, message, detail) => app.log[level]({ radar: detail }, message),
  });
  app.addHook('onListen', async () => alerts.start());
  app.addHook('preClose', async () => alerts.stop());
  return alerts;
}
