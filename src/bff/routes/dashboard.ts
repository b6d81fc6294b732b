import type { FastifyInstance } from 'fastify';
import { OWNER_ME } from '../../contract/assignments.js';
import { dashboardQuerySchema, previousPeriod, type Dashboard } from '../../contract/dashboard.js';
import { requireOperation } from '../plugins/user-auth.js';
import { BACKFILLED_AT } from '../dashboard/facts-recorder.js';
import type { BffRepos } from '../store/bff-store.js';
import { readSlaTargets } from './sla-targets.js';

/** GET /api/dashboard?from=&to=&flow=&jurisdiction=&direction=&office=&owner=&compare=previous: the team's figures, computed in the database. */
export function registerDashboardRoute(app: FastifyInstance, repos: Pick<BffRepos, 'declarationFacts' | 'meta'>): void {
  app.get('/api/dashboard', async (request, reply): Promise<Dashboard> => {
    const user = requireOperation(request, 'GET /api/dashboard');
    const q = dashboardQuerySchema.parse(request.query);
    const now = Date.now();
    const { targets } = await readSlaTargets(repos.meta);
    const owner = q.owner === OWNER_ME ? user.sub : q.owner;
    const filters = { flow: q.flow, jurisdiction: q.jurisdiction, direction: q.direction, office: q.office, owner };
    const before = previousPeriod(q.from, q.to);
    const [figures, previous, coverage, backfilledAt] = await Promise.all([
      repos.declarationFacts.figures({ ...filters, from: q.from, to: q.to }, targets, now),
      q.compare === 'previous' ? repos.declarationFacts.totals({ ...filters, ...before }) : Promise.resolve(null),
      repos.declarationFacts.coverage(),
      repos.meta.get(BACKFILLED_AT),
    ]);
    reply.header('cache-control', 'no-store');
    return {
      ...figures,
      generatedAt: new Date(now).toISOString(),
      targets,
      coverage: { ...coverage, backfilledAt: backfilledAt ?? null },
      previous: previous && { ...previous, ...before },
    };
  });
}
