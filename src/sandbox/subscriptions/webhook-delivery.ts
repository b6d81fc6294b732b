import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { wireEnvelope, type EventEnvelope } from '../events/event-bus.js';
import type { StoredDestination } from '../store/platform/subscriptions-repository.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import type { JobOutcome } from '../worker/job-queue.js';
import { sendGuarded } from '../http/guarded-connection.js';
import { webhookUrlProblem, type DestinationPolicy } from './destination-policy.js';
import type { DestinationTokens, OAuthDestination } from './destination-tokens.js';
import { expiryFor, nextAttemptAt } from './retry-schedule.js';
import { defineJob } from '../worker/job-definition.js';

/** What webhook delivery uses of the sandbox's context: the signature says what it depends on. */
type WebhookDeliveryDeps = Pick<SandboxContext, 'config' | 'events' | 'jobs' | 'now' | 'store'>;

/** Job kind of one delivery attempt; the payload names the delivery. */
export const deliveryJob = defineJob('webhook-delivery', z.object({ deliveryId: z.string().min(1) }));

/** A receiver answers within 15 s or the attempt fails (specification, Webhook delivery). Real time, not scaled. */
export const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * Attempts run side by side (sandbox default): a slow or dead receiver holds one slot for at most
 * the timeout, so it never holds up other subscriptions' deliveries or the API.
 */
export const DELIVERY_CONCURRENCY = 32;

export const USER_AGENT = 'customs-sandbox-webhooks/1.0';

export interface DeliveryDeps {
  ctx: WebhookDeliveryDeps;
  tokens: DestinationTokens;
  timeoutMs: number;
  /** The queue's stopping signal (close, reset): in-flight attempts stop and run again after the next start. */
  shutdown: () => AbortSignal;
  /** Where deliveries may connect (checked again on every attempt, on the address actually connected to). */
  policy: DestinationPolicy;
}

/**
 * Fan-out, inside the publisher's transaction: one delivery per subscription that matches the
 * event and existed when it was published, each with its job. Nothing is sent here. Running it
 * again for the same event adds nothing (one delivery per event and subscription).
 */
export async function fanOut(ctx: WebhookDeliveryDeps, tx: SandboxRepositories, event: EventEnvelope): Promise<void> {
  const publishedAt = Date.parse(event.eventTime);
  const expiresAt = expiryFor(publishedAt, ctx.config.timeScale);
  const createdAt = ctx.now().getTime();
  for (const sub of await tx.subscriptions.matching(event, publishedAt)) {
    const delivery = await tx.deliveries.create({
      subscriptionId: sub.id,
      eventId: event.id,
      tenantId: event.tenantId,
      createdAt,
      expiresAt,
    });
    if (delivery) await ctx.jobs.enqueueIn(tx, deliveryJob, { deliveryId: delivery.id });
  }
}

type AttemptResult = { kind: 'ok'; status: number } | { kind: 'failed'; status: number | null; error: string } | { kind: 'interrupted' };

/** The job handler: one attempt, then delivered, a scheduled retry, or expired. Never throws for a receiver's fault. */
export function deliveryHandler(deps: DeliveryDeps): (payload: { deliveryId: string }) => Promise<JobOutcome | void> {
  const { ctx } = deps;
  const { subscriptions, deliveries } = ctx.store.repos;
  const now = (): number => ctx.now().getTime();
  return async ({ deliveryId }) => {
    const delivery = await deliveries.get(deliveryId);
    if (delivery?.status !== 'pending') return;
    const sub = await subscriptions.get(delivery.subscriptionId);
    if (!sub || sub.deletedAt !== undefined) {
      await deliveries.close(deliveryId, 'cancelled', now(), 'subscription deleted');
      return;
    }
    if (now() > delivery.expiresAt) {
      await deliveries.close(deliveryId, 'expired', now(), 'retry window of 24 hours is over');
      return;
    }
    const event = await ctx.events.get(delivery.eventId);
    if (!event) {
      await deliveries.close(deliveryId, 'cancelled', now(), 'event no longer stored');
      return;
    }

    const result = await attempt(deps, sub.destination, event);
    if (result.kind === 'interrupted') return { retryInMs: 0 }; // sandbox closing: not an attempt, runs again after restart
    const at = now();
    if (result.kind === 'ok') {
      await deliveries.delivered(deliveryId, { at, status: result.status, error: null });
      return;
    }
    const record = { at, status: result.status, error: result.error };
    const next = nextAttemptAt({
      failedAttempts: delivery.attempts + 1,
      failedAt: at,
      expiresAt: delivery.expiresAt,
      timeScale: ctx.config.timeScale,
    });
    if (next === null) {
      await deliveries.expiredAfter(deliveryId, record);
      return;
    }
    // false: cancelled meanwhile (subscription deleted); the job ends.
    if (!(await deliveries.failed(deliveryId, record, next))) return;
    return { retryInMs: Math.max(0, next - now()) };
  };
}

function oauthOf(d: StoredDestination): OAuthDestination | undefined {
  if (!d.accessTokenUrl || !d.clientId || !d.clientSecret) return undefined;
  return { accessTokenUrl: d.accessTokenUrl, clientId: d.clientId, clientSecret: d.clientSecret, scope: d.scope, audience: d.audience };
}

async function attempt(deps: DeliveryDeps, destination: StoredDestination, event: EventEnvelope): Promise<AttemptResult> {
  const { tokens, timeoutMs, policy } = deps;
  const shutdown = deps.shutdown();
  // Checked again at every attempt (the rules may have tightened since creation); each connection is checked too.
  for (const [field, value] of [
    ['destinationUrl', destination.destinationUrl],
    ['accessTokenUrl', destination.accessTokenUrl],
  ] as const) {
    const urlProblem = value ? webhookUrlProblem(value, policy) : undefined;
    if (urlProblem) return { kind: 'failed', status: null, error: `${field} ${urlProblem}` };
  }

  const headers: Record<string, string> = {};
  for (const h of destination.additionalHeaders) headers[h.name.toLowerCase()] = h.value;
  headers['content-type'] = 'application/json';
  headers['user-agent'] = USER_AGENT;
  const oauth = oauthOf(destination);
  if (oauth) {
    try {
      headers.authorization = `Bearer ${await tokens.get(oauth)}`;
    } catch (err) {
      if (shutdown.aborted) return { kind: 'interrupted' };
      return { kind: 'failed', status: null, error: `access token request failed: ${describe(err)}` };
    }
  }

  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    // A redirect is not a 2xx: the attempt fails, nothing is followed.
    const res = await sendGuarded(
      new URL(destination.destinationUrl),
      { method: 'POST', headers, body: JSON.stringify(wireEnvelope(event)), signal: AbortSignal.any([timeout, shutdown]) },
      policy,
    );
    if (res.status >= 200 && res.status < 300) return { kind: 'ok', status: res.status };
    if (res.status === 401 && oauth) tokens.invalidate(oauth);
    return { kind: 'failed', status: res.status, error: `HTTP ${res.status}` };
  } catch (err) {
    if (shutdown.aborted) return { kind: 'interrupted' };
    if (timeout.aborted) return { kind: 'failed', status: null, error: `no answer within ${timeoutMs / 1000} s` };
    return { kind: 'failed', status: null, error: describe(err) };
  }
}

const causeSchema = z.looseObject({ code: z.string().optional(), message: z.string().optional() });

/** fetch errors carry the useful part in cause (ECONNREFUSED, ENOTFOUND, certificate errors). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = causeSchema.safeParse(err.cause);
  if (cause.success && (cause.data.code ?? cause.data.message))
    return `${err.message}: ${[cause.data.code, cause.data.message].filter(Boolean).join(' ')}`;
  return err.message;
}
