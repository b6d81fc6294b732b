import type { FastifyInstance } from 'fastify';
import { declarationSchema, declarationSearchResultSchema } from '../../contract/declarations.js';
import { registerReviewRoutes } from '../routes/review.js';
import type { BffStore } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { ErrorIndexer, reviewSearchPath } from './error-indexer.js';
import { getUpstreamJson } from './upstream-json.js';

/** The review desk: the error indexer (reads the service with the BFF's service token) and its routes. */
export function installReview(app: FastifyInstance, deps: { store: BffStore; upstream: UpstreamClient }): ErrorIndexer {
  const { store, upstream } = deps;
  const indexer = new ErrorIndexer({
    index: store.repos.errorIndex,
    readDeclaration: async (id, signal) => {
      const body = await getUpstreamJson(upstream, `/v1/declarations/${encodeURIComponent(id)}?include=errors`, { signal });
      return body === null ? null : declarationSchema.parse(body);
    },
    searchPage: async (offset, signal) =>
      declarationSearchResultSchema.parse((await getUpstreamJson(upstream, reviewSearchPath(offset), { signal })) ?? []),
    exclusively: (work, signal) => store.exclusively('errorIndexRebuild', work, { signal, waitMs: 10 * 60_000 }),
    log: (level, message, detail) => app.log[level]({ review: detail }, message),
  });
  registerReviewRoutes(app, { repos: store.repos, indexer });
  app.addHook('preClose', () => indexer.stop());
  return indexer;
}
