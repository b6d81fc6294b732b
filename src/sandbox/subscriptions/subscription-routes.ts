import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { KNOWN_EVENT_TYPES, isKnownEventType } from '../../contract/events.js';
import type { InvalidParameter } from '../../contract/problem.js';
import { subscriptionCreateSchema, type Subscription, type SubscriptionSummary } from '../../contract/subscriptions.js';
import { zodInvalidParameters } from '../../server-kit/http/error-handler.js';
import { badRequest, notFound } from '../../server-kit/http/problem.js';
import { sendProblem } from '../http/problem.js';
import type { Delivery, DeliveryStatus } from '../store/platform/deliveries-repository.js';
import type { SandboxStore } from '../store/sandbox-store.js';
import { webhookUrlProblem, type DestinationPolicy } from './destination-policy.js';
import { newSubscription, toResource, toSummary } from './subscription-resources.js';

interface IdParams {
  subscriptionId: string;
}

const eventTypeOnly = z.looseObject({ eventType: z.string() });
const EVENT_TYPE_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** Levenshtein distance, small strings only. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/**
 * Sandbox rule on eventType beyond the contract. Types the specification does not name are
 * accepted (the real service has unpublished ones, and other sandbox parts emit their own, such as
 * FormulaInformation), but a near miss of a known type is refused: a misspelt type would
 * otherwise never receive anything, silently.
 */
export function eventTypeProblem(eventType: string): string | undefined {
  if (isKnownEventType(eventType)) return undefined;
  if (!EVENT_TYPE_NAME.test(eventType)) return 'must be an event type name (letters and digits, e.g. DeclarationStatusChanged)';
  const near = KNOWN_EVENT_TYPES.find(
    (k) => k.toLowerCase() === eventType.toLowerCase() || distance(k.toLowerCase(), eventType.toLowerCase()) <= 2,
  );
  return near ? `is not an event type of the service; did you mean ${near}?` : undefined;
}

/** Validates a creation body and names every faulty field at once: the contract's rules plus eventTypeProblem and the destination policy. */
function parseCreateBody(body: unknown, policy: DestinationPolicy) {
  const parsed = subscriptionCreateSchema.safeParse(body);
  const problems: InvalidParameter[] = parsed.success ? [] : zodInvalidParameters(parsed.error);
  const typed = eventTypeOnly.safeParse(body);
  const eventType = typed.success ? typed.data.eventType.trim() : '';
  const typeProblem = eventType ? eventTypeProblem(eventType) : undefined;
  if (typeProblem) problems.push({ name: 'eventType', reason: typeProblem });
  if (parsed.success) {
    const { destinationUrl, accessTokenUrl } = parsed.data.destinationDescription;
    for (const [field, value] of [
      ['destinationUrl', destinationUrl],
      ['accessTokenUrl', accessTokenUrl],
    ] as const) {
      const problem = value ? webhookUrlProblem(value, policy) : undefined;
      if (problem) problems.push({ name: `destinationDescription.${field}`, reason: problem });
    }
  }
  if (!parsed.success || problems.length > 0) throw badRequest('The subscription is not valid.', problems);
  return parsed.data;
}

const methodNotAllowed = (allow: string, detail: string) => (request: FastifyRequest, reply: FastifyReply) => {
  reply.header('allow', allow);
  return sendProblem(request, reply, { status: 405, detail });
};

/** /v1/subscriptions (specification, Subscriptions). No update: a subscription is replaced by create + delete. */
export function registerSubscriptionRoutes(app: FastifyInstance, store: SandboxStore, now: () => number, policy: DestinationPolicy): void {
  const { subscriptions } = store.repos;
  app.post('/v1/subscriptions', { config: { scope: 'create:subscriptions' } }, async (request, reply): Promise<SubscriptionSummary> => {
    const sub = newSubscription(request.principal.tenantId, parseCreateBody(request.body, policy), now());
    await subscriptions.insert(sub);
    reply.code(201).header('location', `/v1/subscriptions/${sub.id}`);
    return toSummary(sub);
  });

  app.get('/v1/subscriptions', { config: { scope: 'read:subscriptions' } }, async (request): Promise<SubscriptionSummary[]> =>
    (await subscriptions.listActive(request.principal.tenantId)).map(toSummary),
  );

  app.get<{ Params: IdParams }>(
    '/v1/subscriptions/:subscriptionId',
    { config: { scope: 'read:subscriptions' } },
    async (request): Promise<Subscription> => {
      const sub = await subscriptions.find(request.principal.tenantId, request.params.subscriptionId);
      if (!sub) throw notFound(`Subscription ${request.params.subscriptionId} does not exist.`);
      return toResource(sub);
    },
  );

  app.delete<{ Params: IdParams }>(
    '/v1/subscriptions/:subscriptionId',
    { config: { scope: 'delete:subscriptions' } },
    async (request, reply) => {
      const { subscriptionId } = request.params;
      const at = now();
      const deleted = await store.transaction(async (tx) => {
        if (!(await tx.subscriptions.softDelete(request.principal.tenantId, subscriptionId, at))) return false;
        await tx.deliveries.cancelForSubscription(subscriptionId, at);
        return true;
      });
      if (!deleted) throw notFound(`Subscription ${subscriptionId} does not exist.`);
      return reply.code(204).send();
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/v1/subscriptions/:subscriptionId',
    handler: methodNotAllowed('GET, DELETE', 'A subscription cannot be updated: create a new one, then delete the old one.'),
  });
  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: '/v1/subscriptions',
    handler: methodNotAllowed('GET, POST', 'Subscriptions are created with POST and deleted one by one.'),
  });
}

const deliveryQuerySchema = z.object({
  subscriptionId: z.string().min(1).optional(),
  eventId: z.string().min(1).optional(),
  status: z.enum(['pending', 'delivered', 'expired', 'cancelled'] satisfies DeliveryStatus[]).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Delivery record as the debugging view shows it (times as ISO strings). */
function deliveryView(d: Delivery) {
  return {
    id: d.id,
    subscriptionId: d.subscriptionId,
    eventId: d.eventId,
    tenantId: d.tenantId,
    status: d.status,
    attempts: d.attempts,
    createdAt: iso(d.createdAt),
    nextAttemptAt: iso(d.nextAttemptAt),
    lastAttemptAt: iso(d.lastAttemptAt),
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    completedAt: iso(d.completedAt),
    expiresAt: iso(d.expiresAt),
  };
}

/** GET /_sandbox/deliveries: sandbox only, never part of the service interface (README.md beside this file). */
export function registerDeliveryDebugRoute(app: FastifyInstance, store: SandboxStore): void {
  app.get('/_sandbox/deliveries', async (request) => {
    const query = deliveryQuerySchema.parse(request.query);
    return (await store.repos.deliveries.list(query)).map(deliveryView);
  });
}
