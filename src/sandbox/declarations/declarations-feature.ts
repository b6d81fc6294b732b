import type { SandboxFeature } from '../context.js';
import { registerDeclarationChangeJob } from './declaration-changes.js';
import { registerDeclarationRoutes } from './declaration-routes.js';
import { seedDeclarations } from './declarations-seed.js';

/**
 * Declarations: routes, the customs flow timers, declaration changes, and the demo data set
 * (README.md beside this file). Its services are `ctx.declarations` (declaration-services.ts).
 */
export const declarationsFeature: SandboxFeature = {
  name: 'declarations',
  async register(app, ctx) {
    ctx.declarations.flows.registerJobs(ctx.jobs);
    registerDeclarationChangeJob(ctx);
    registerDeclarationRoutes(app, ctx);
  },
  async seed(ctx) {
    await ctx.store.transaction((tx) => seedDeclarations(tx, ctx.now()));
  },
};
