import type { SandboxFeature } from '../context.js';
import { IngestionProcessor } from '../ingestion/ingestion-processor.js';
import { registerIngestionRoutes } from '../ingestion/ingestion-routes.js';
import { IngestionStore, ingestionSchema, JOB_INGESTION } from '../ingestion/ingestion-store.js';
import { useStrictJsonParser } from '../ingestion/request-body.js';
import { masterDataSchema } from '../master-data/master-data-store.js';
import { seedDeclarations } from '../seed/declarations-seed.js';
import { registerDeclarationChangeJob } from './declaration-changes.js';
import { registerDeclarationRoutes } from './declaration-routes.js';
import { declarationServices } from './declaration-services.js';
import { declarationsSchema } from './declaration-store.js';

/** Ingestion, master data, customs flows and declarations (README.md beside this file). */
export const declarationsFeature: SandboxFeature = {
  name: 'declarations',
  schema: [masterDataSchema, declarationsSchema, ingestionSchema],
  async register(app, ctx) {
    const services = declarationServices(ctx);
    const messages = new IngestionStore(ctx.db, ctx.jobs, ctx.now);
    const processor = new IngestionProcessor(ctx, services, messages);
    ctx.jobs.register(JOB_INGESTION, async (payload) => processor.handle(payload), 8);
    services.flows.registerJobs(ctx.jobs);
    registerDeclarationChangeJob(ctx, services);
    await app.register(async (scope) => {
      useStrictJsonParser(scope);
      registerIngestionRoutes(scope, messages);
      registerDeclarationRoutes(scope, ctx, services);
    });
  },
  seed(ctx) {
    seedDeclarations(ctx);
  },
};
