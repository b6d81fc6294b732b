import type { SandboxFeature } from '../context.js';
import { declarationServices } from '../declarations/declaration-services.js';
import { registerActionRoutes } from './action-routes.js';
import { ActionService, actionsSchema } from './action-service.js';

const instances = new WeakMap<object, ActionService>();

/**
 * Declaration actions, EMCS movement behaviour and the documents the flow steps produce
 * (README.md beside this file). Registered after the declarations feature: it uses its services
 * and seeds after the declarations seed.
 */
export const actionsFeature: SandboxFeature = {
  name: 'declaration-actions',
  schema: [actionsSchema],
  async register(app, ctx) {
    const services = declarationServices(ctx);
    const actions = new ActionService(ctx, services);
    instances.set(ctx, actions);
    actions.registerJobs();
    ctx.events.onEvent((e) => actions.onEvent(e));
    services.attachmentHooks.push((d) => actions.materializeSeeded(d));
    await app.register(async (scope) => registerActionRoutes(scope, ctx, services, actions));
  },
  seed(ctx) {
    (instances.get(ctx) ?? new ActionService(ctx, declarationServices(ctx))).seedDocuments();
  },
};
