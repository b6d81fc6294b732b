import type { FastifyInstance } from 'fastify';
import type { Assignment } from '../../contract/assignments.js';
import { DECLARATION_SEARCH_MAX_LIMIT, declarationSearchResultSchema, type DeclarationSummary } from '../../contract/declarations.js';
import { dueAt, WORK_STATUSES, workNeed, type WorkItem, type WorkQueue } from '../../contract/work-queue.js';
import { requireOperation } from '../plugins/user-auth.js';
import { getUpstreamJson } from '../review/upstream-json.js';
import type { BffRepos } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { readSlaTargets } from './sla-targets.js';

interface Deps {
  repos: Pick<BffRepos, 'assignments' | 'eventLog' | 'meta'>;
  upstream: UpstreamClient;
}

/** Search pages read per answer: up to 1,000 declarations needing action (the answer says when there were more). */
const MAX_PAGES = 10;

const searchPath = (statuses: readonly string[], offset: number): string =>
  `/v1/declarations/search?${statuses.map((s) => `currentStatus=${s}`).join('&')}&limit=${DECLARATION_SEARCH_MAX_LIMIT}&offset=${offset}`;

/** The service's declarations in these statuses, up to MAX_PAGES pages (complete: false when there were more). */
export async function searchByStatus(
  upstream: UpstreamClient,
  statuses: readonly string[],
): Promise<{ found: DeclarationSummary[]; complete: boolean }> {
  const found: DeclarationSummary[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const rows = declarationSearchResultSchema.parse(
      (await getUpstreamJson(upstream, searchPath(statuses, page * DECLARATION_SEARCH_MAX_LIMIT))) ?? [],
    );
    found.push(...rows);
    if (rows.length < DECLARATION_SEARCH_MAX_LIMIT) return { found, complete: true };
  }
  return { found, complete: false };
}

/**
 * My work and the team's queues: the declarations needing action (the service's search, the
 * contract's work rule), with their owners (the BFF's assignments), the time each entered its
 * status (the BFF's status events; the declaration's last update when it has none) and the due
 * time from the service-level targets. Oldest in its status first.
 */
export function registerWorkQueueRoutes(app: FastifyInstance, deps: Deps): void {
  const { assignments, eventLog, meta } = deps.repos;

  async function queue(owners: readonly Assignment[], include: (owner: Assignment | undefined) => boolean): Promise<WorkQueue> {
    const { found, complete } = await searchByStatus(deps.upstream, WORK_STATUSES);
    const ownerOf = new Map(owners.map((a) => [a.declarationId, a]));
    const wanted = found.flatMap((d) => {
      const need = workNeed(d);
      return need && include(ownerOf.get(d.declarationId)) ? [{ d, need }] : [];
    });
    const [entries, { targets }] = await Promise.all([eventLog.statusEntries(wanted.map((w) => w.d.declarationId)), readSlaTargets(meta)]);
    const entered = new Map(entries.map((e) => [`${e.declarationId}\n${e.status}`, e.enteredMs]));
    const items = wanted.map(({ d, need }): WorkItem => {
      const fromEvent = entered.get(`${d.declarationId}\n${d.currentStatus}`);
      const enteredStatusAt =
        fromEvent === undefined ? new Date(Date.parse(d.lastUpdated)).toISOString() : new Date(fromEvent).toISOString();
      const owner = ownerOf.get(d.declarationId);
      return {
        declarationId: d.declarationId,
        lrn: d.lrn,
        externalReference: d.externalReference,
        currentStatus: d.currentStatus,
        customsFlow: d.customsFlow,
        jurisdiction: d.jurisdiction,
        need,
        enteredStatusAt,
        enteredStatusFrom: fromEvent === undefined ? 'lastUpdated' : 'event',
        dueAt: dueAt(need, enteredStatusAt, targets),
        owner: owner ? { sub: owner.ownerSub, name: owner.ownerName } : null,
      };
    });
    items.sort((a, b) => Date.parse(a.enteredStatusAt) - Date.parse(b.enteredStatusAt) || a.declarationId.localeCompare(b.declarationId));
    return { items, complete };
  }

  app.get('/api/my-work', async (request, reply): Promise<WorkQueue> => {
    const user = requireOperation(request, 'GET /api/my-work');
    reply.header('cache-control', 'no-store');
    const mine = await assignments.byOwner(user.sub);
    if (mine.length === 0) return { items: [], complete: true };
    return queue(mine, (owner) => owner?.ownerSub === user.sub);
  });

  app.get('/api/work-queue', async (request, reply): Promise<WorkQueue> => {
    requireOperation(request, 'GET /api/work-queue');
    reply.header('cache-control', 'no-store');
    return queue(await assignments.all(), () => true);
  });
}
