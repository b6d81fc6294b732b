import type { SandboxFeature } from '../context.js';
import { destinationPolicyOf } from './destination-policy.js';
import { DestinationTokens } from './destination-tokens.js';
import { registerDeliveryDebugRoute, registerSubscriptionRoutes } from './subscription-routes.js';
import { DELIVERY_CONCURRENCY, deliveryJob, DELIVERY_TIMEOUT_MS, deliveryHandler, fanOut } from './webhook-delivery.js';

export interface SubscriptionsFeatureOptions {
  /** Receiver answer timeout; the specification's 15 s unless a test needs it shorter. */
  timeoutMs?: number;
  concurrency?: number;
}

/** Webhook subscriptions and event delivery (specification: Subscriptions, Webhook delivery, Events). Tables: store/platform. */
export function createSubscriptionsFeature(options: SubscriptionsFeatureOptions = {}): SandboxFeature {
  return {
    name: 'subscriptions',
    register(app, ctx) {
      const now = (): number => ctx.now().getTime();
      const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
      // In-flight attempts stop when the queue stops (close, reset) and run again after the next start.
      const shutdown = (): AbortSignal => ctx.jobs.stopping;
      const policy = destinationPolicyOf(ctx.config);
      const tokens = new DestinationTokens(timeoutMs, shutdown, policy);

      ctx.events.onEventIn((tx, event) => fanOut(ctx, tx, event));
      ctx.jobs.register(
        deliveryJob,
        deliveryHandler({ ctx, tokens, timeoutMs, shutdown, policy }),
        options.concurrency ?? DELIVERY_CONCURRENCY,
      );

      registerSubscriptionRoutes(app, ctx.store, now, policy);
      registerDeliveryDebugRoute(app, ctx.store);
    },
  };
}

export const subscriptionsFeature: SandboxFeature = createSubscriptionsFeature();
