import { installErrorHandler } from '../../server-kit/http/error-handler.js';
import type { SandboxFeature } from '../context.js';
import { registerItemRoutes } from './item-routes.js';
import { CLASSIFICATION_PROBLEMS } from './problem.js';
import { registerRunRoutes, registerRunWorker } from './runs.js';
import { seedClassification } from './seed.js';

/**
 * Classification (specification: Classification): items, images, runs on the persisted queue and
 * the lexical engine in ../classifier; storage in ../store/classification. Routes live in their own
 * Fastify scope so that their errors leave as RFC 9457 problems with an errors map.
 */
export const classificationFeature: SandboxFeature = {
  name: 'classification',
  async register(app, ctx) {
    registerRunWorker(ctx);
    await app.register(async (scope) => {
      installErrorHandler(scope, CLASSIFICATION_PROBLEMS);
      registerItemRoutes(scope, ctx);
      registerRunRoutes(scope, ctx);
    });
  },
  seed: seedClassification,
};
