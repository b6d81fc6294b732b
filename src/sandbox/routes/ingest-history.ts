import { ingestHistoryQuerySchema, type IngestHistoryPage } from '../../contract/ingest-history.js';
import type { SandboxFeature } from '../context.js';
import { zodInvalidParameters } from '../../server-kit/http/error-handler.js';
import { badRequest } from '../../server-kit/http/problem.js';

/**
 * GET /sandbox-api/ingest-history (sandbox only, outside /v1): the token's tenant's ingest
 * history, newest first, filtered by channel, type, outcome and received time (from inclusive,
 * to exclusive), paged with `cursor` = the previous page's nextCursor. Any valid client token,
 * like GET /v1/authorizationStatus. See src/sandbox/README.md.
 */
export const ingestHistoryFeature: SandboxFeature = {
  name: 'ingest-history',
  register(app, ctx) {
    app.get('/sandbox-api/ingest-history', { config: { scope: null } }, async (request): Promise<IngestHistoryPage> => {
      const query = ingestHistoryQuerySchema.safeParse(request.query);
      if (!query.success) throw badRequest('The query is not valid.', zodInvalidParameters(query.error));
      return { ...(await ctx.store.repos.ingestHistory.list(request.principal.tenantId, query.data)), source: 'service' };
    });
  },
};
