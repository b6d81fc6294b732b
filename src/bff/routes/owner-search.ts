import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OWNER_ME, OWNER_UNASSIGNED, ownerSearchParamsSchema, type OwnerSearchResult } from '../../contract/assignments.js';
import {
  DECLARATION_SEARCH_MAX_LIMIT,
  declarationSearchQuerySchema,
  declarationSearchResultSchema,
  type DeclarationSummary,
} from '../../contract/declarations.js';
import { requireOperation } from '../plugins/user-auth.js';
import { getUpstreamJson } from '../review/upstream-json.js';
import type { BffRepos } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';

interface Deps {
  repos: Pick<BffRepos, 'assignments'>;
  upstream: UpstreamClient;
}

/** Service search pages read per answer at most: 2,000 declarations matching the other filters. */
const MAX_PAGES = 20;

/** The request's search parameters for the service, without the owner and the paging (the BFF pages the service itself). */
function serviceFilters(raw: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'owner' || key === 'limit' || key === 'offset') continue;
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') params.append(key, v);
  }
  return params;
}

/**
 * The declarations search narrowed to an owner. Ownership is the BFF's, the declarations the
 * service's: the BFF reads the service's search with the other filters, page after page, and keeps
 * the rows the owner rule admits, until the requested page is full, the search ends, every owned
 * declaration has been seen, or MAX_PAGES were read (then `complete: false`). So every other
 * filter means exactly what it means on the service, and the order is the service's.
 */
export function registerOwnerSearchRoute(app: FastifyInstance, deps: Deps): void {
  const { assignments } = deps.repos;

  app.get('/api/declarations/by-owner', async (request, reply): Promise<OwnerSearchResult> => {
    const user = requireOperation(request, 'GET /api/declarations/by-owner');
    const raw = z.record(z.string(), z.unknown()).parse(request.query);
    const { owner } = ownerSearchParamsSchema.parse(raw);
    // The service's own rules for the filters and the paging (limit up to 100, offset a multiple of it).
    const { limit, offset } = declarationSearchQuerySchema.parse(raw);
    reply.header('cache-control', 'no-store');

    let admits: (d: DeclarationSummary) => boolean;
    let owned: number | undefined;
    if (owner === OWNER_UNASSIGNED) {
      const assigned = new Set((await assignments.all()).map((a) => a.declarationId));
      admits = (d) => !assigned.has(d.declarationId);
    } else {
      const sub = owner === OWNER_ME ? user.sub : owner;
      const ids = new Set((await assignments.byOwner(sub)).filter((a) => a.ownerSub === sub).map((a) => a.declarationId));
      admits = (d) => ids.has(d.declarationId);
      owned = ids.size;
    }

    if (owned === 0) return { declarations: [], complete: true, scanned: 0 };
    const filters = serviceFilters(raw);
    const wanted = offset + limit;
    const matches: DeclarationSummary[] = [];
    let scanned = 0;
    let complete = false;
    for (let page = 0; page < MAX_PAGES; page++) {
      filters.set('limit', String(DECLARATION_SEARCH_MAX_LIMIT));
      filters.set('offset', String(page * DECLARATION_SEARCH_MAX_LIMIT));
      const rows = declarationSearchResultSchema.parse((await getUpstreamJson(deps.upstream, `/v1/declarations/search?${filters}`)) ?? []);
      scanned += rows.length;
      matches.push(...rows.filter(admits));
      if (matches.length >= wanted || rows.length < DECLARATION_SEARCH_MAX_LIMIT || (owned !== undefined && matches.length >= owned)) {
        complete = true;
        break;
      }
    }
    return { declarations: matches.slice(offset, wanted), complete, scanned };
  });
}
