import type { SandboxFeature } from '../context.js';
import { registerItemRoutes } from './item-routes.js';
import { installClassificationErrorHandler } from './problem.js';
import { registerRunRoutes, registerRunWorker } from './runs.js';
import { seedClassification } from './seed.js';

const JSON_TYPES = ['application/json', 'application/merge-patch+json'];

/**
 * Classification (specification: Classification): items, images, runs on the persisted queue and
 * the lexical engine in ../classifier; storage in ../store/classification. Routes live in their own Fastify scope so that their
 * errors leave as RFC 9457 problems with an errors map, and an empty JSON body is an empty patch.
 */
export const classificationFeature: SandboxFeature = {
  name: 'classification',
  async register(app, ctx) {
    registerRunWorker(ctx);
    await app.register(async (scope) => {
      installClassificationErrorHandler(scope);
      const json = scope.getDefaultJsonParser('error', 'error');
      scope.removeContentTypeParser(JSON_TYPES);
      scope.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (request, body, done) => {
        if (typeof body === 'string' && body.trim() === '') {
          done(null, undefined);
          return;
        }
        void json(request, typeof body === 'string' ? body : body.toString('utf8'), done);
      });
      registerItemRoutes(scope, ctx);
      registerRunRoutes(scope, ctx);
    });
  },
  seed: seedClassification,
};
