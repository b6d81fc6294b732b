import type { SandboxFeature } from '../context.js';
import { ingestionJob, IngestionProcessor } from './ingestion-processor.js';
import { registerIngestionRoutes } from './ingestion-routes.js';

/**
 * Ingestion (specification, Endpoints: Ingestion): customs shipments, article data and business
 * partners accepted with a 202 and processed by a background job into declarations and master
 * data (src/sandbox/declarations/README.md, "Ingestion"). Uses `ctx.declarations` for the flows.
 */
export const ingestionFeature: SandboxFeature = {
  name: 'ingestion',
  async register(app, ctx) {
    const processor = new IngestionProcessor(ctx);
    ctx.jobs.register(ingestionJob, async (payload) => processor.handle(payload), 8);
    registerIngestionRoutes(app, ctx);
  },
};
