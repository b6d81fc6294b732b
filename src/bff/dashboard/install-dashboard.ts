import type { FastifyInstance } from 'fastify';
import { DECLARATION_SEARCH_MAX_LIMIT, declarationSchema, declarationSearchResultSchema } from '../../contract/declarations.js';
import { getUpstreamJson } from '../review/upstream-json.js';
import { registerDashboardRoute } from '../routes/dashboard.js';
import type { BffStore } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { FactsRecorder } from './facts-recorder.js';

/** The operations dashboard: the facts recorder (reads the service with the BFF's token) and GET /api/dashboard. */
export function installDashboard(app: FastifyInstance, deps: { store: BffStore; upstream: UpstreamClient }): FactsRecorder {
  const { store, upstream } = deps;
  const recorder = new FactsRecorder({
    facts: store.repos.declarationFacts,
    meta: store.repos.meta,
    readDeclaration: async (id, signal) => {
      const body = await getUpstreamJson(upstream, `/v1/declarations/${encodeURIComponent(id)}`, { signal });
      return body === null ? null : declarationSchema.parse(body);
    },
    searchPage: async (offset, signal) =>
      declarationSearchResultSchema.parse(
        (await getUpstreamJson(upstream, `/v1/declarations/search?limit=${DECLARATION_SEARCH_MAX_LIMIT}&offset=${offset}`, { signal })) ??
          [],
      ),
    exclusively: (work, signal) => store.exclusively('dashboardBackfill', work, { signal, waitMs: 30 * 60_000 }),
    log: (level, message, detail) => app.log[level]({ dashboard: detail }, message),
  });
  registerDashboardRoute(app, store.repos);
  app.addHook('preClose', () => recorder.stop());
  return recorder;
}
