import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventEnvelopeSchema, type EventEnvelope } from '../../contract/events.js';
import { LIVE_REPLAY_LIMIT } from '../../contract/live.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation, userOf } from '../plugins/user-auth.js';
import type { EventInboxRepository } from '../store/event-inbox.js';
import { streamEndFrame, type LiveHub } from './live-hub.js';
import { WEBHOOK_PATH } from './subscription-bootstrap.js';
import { secretMatches, WEBHOOK_SECRET_HEADER } from './webhook-secret.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

const TOKEN_EXPIRED = streamEndFrame({
  reason: 'token-expired',
  detail: 'The access token this stream was opened with has expired; reconnect with a fresh one and Last-Event-ID.',
});

/** Envelope fields that end up in SSE `id:` and `event:` lines must not break the framing. */
const singleLine = z.string().regex(/^[^\r\n\0]+$/, 'must be a single line');
const receivedEnvelopeSchema = eventEnvelopeSchema.safeExtend({ id: singleLine.max(200), eventType: singleLine.max(128) });

const eventsQuerySchema = z.object({
  declarationId: z.string().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * POST /webhooks/customs: the service's deliveries. Authenticated by the shared secret the BFF
 * put in its subscriptions' additionalHeaders (no user token). Stores the event once (across
 * replicas) and answers 204 once it is stored; only events not seen before reach the /api/live
 * streams, through the fan-out (live-fanout.ts), on every replica.
 */
export function registerWebhookReceiver(
  app: FastifyInstance,
  deps: {
    inbox: EventInboxRepository;
    secret: string;
    onStored?: (envelope: EventEnvelope) => void;
    onReceived?: (stored: boolean) => void;
  },
): void {
  const header = WEBHOOK_SECRET_HEADER.toLowerCase();
  app.post(
    WEBHOOK_PATH,
    {
      bodyLimit: 256 * 1024,
      // Before the body is read: an unauthenticated sender gets nothing parsed.
      onRequest: async (request) => {
        const given = request.headers[header];
        if (typeof given !== 'string' || !secretMatches(given, deps.secret)) {
          throw new ProblemError(bffProblem(401, text('live.webhookSecret', { header: WEBHOOK_SECRET_HEADER })));
        }
        // Events are JSON; anything else would reach the envelope check as a string and read as a mere 400.
        if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) {
          throw new ProblemError(bffProblem(415, text('live.eventsJson')));
        }
      },
    },
    async (request, reply) => {
      const envelope = receivedEnvelopeSchema.parse(request.body);
      const stored = await deps.inbox.receive(envelope);
      // Once per event id, on the replica that stored it (the review desk's error index).
      if (stored) deps.onStored?.(envelope);
      deps.onReceived?.(stored !== undefined);
      request.log.debug({ eventId: envelope.id, eventType: envelope.eventType, duplicate: !stored }, 'webhook event received');
      return reply.code(204).send();
    },
  );
}

/**
 * GET /api/live: server-sent events for every signed-in role (events are tenant-wide). Plain
 * SSE over a long response, read by the browser with fetch (EventSource cannot send the bearer
 * token). Last-Event-ID replays what the deployment received after that event (the inbox is
 * shared, so any replica can resume a stream another one served).
 */
export function registerLiveStream(
  app: FastifyInstance,
  deps: { inbox: EventInboxRepository; hub: LiveHub; streamsPerUser: number },
): void {
  app.get('/api/live', async (request, reply) => {
    requireOperation(request, 'GET /api/live');
    const user = userOf(request);
    if (deps.hub.openBy(user.sub) >= deps.streamsPerUser) {
      reply.header('retry-after', '30');
      throw new ProblemError(bffProblem(429, text('live.tooManyStreams', { count: deps.streamsPerUser })));
    }
    const lastEventId = request.headers['last-event-id'];
    const resume = typeof lastEventId === 'string' && lastEventId !== '';
    // Registered before the replay is read, holding live events meanwhile: none slips in between or comes twice.
    const stream = deps.hub.open(': live\n\n', { held: resume, owner: user.sub });
    // The stream lives no longer than the token that opened it; the console reconnects with a fresh one and Last-Event-ID.
    const expiry =
      user.expiresAt === undefined
        ? undefined
        : setTimeout(() => deps.hub.end(stream, TOKEN_EXPIRED), Math.max(0, user.expiresAt - Date.now())).unref();
    stream.once('close', () => clearTimeout(expiry));
    reply.raw.once('close', () => stream.destroy());
    if (resume) {
      try {
        const from = await deps.inbox.seqOf(lastEventId);
        // An unknown id (pruned, or from another deployment): no replay, live from now.
        const replay = from === undefined ? [] : await deps.inbox.newestAfter(from, LIVE_REPLAY_LIMIT);
        deps.hub.release(stream, replay, from ?? 0);
      } catch (e) {
        stream.destroy();
        throw e;
      }
    }
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-store, no-transform')
        // nginx and similar proxies: pass each frame on at once.
        .header('x-accel-buffering', 'no')
        // No compression plugin is installed; one added later must leave text/event-stream alone (it buffers).
        .send(stream)
    );
  });
}

/** Stand-in for /api/live when LIVE_EVENTS=off. */
export function registerLiveStreamOff(app: FastifyInstance): void {
  app.get('/api/live', async () => {
    throw new ProblemError(bffProblem(404, text('live.off')));
  });
}

/** GET /api/events?declarationId=&limit=: one declaration's events from the inbox, newest first (the timeline adds /api/audit). */
export function registerEventsRoute(app: FastifyInstance, inbox: EventInboxRepository): void {
  app.get('/api/events', async (request, reply) => {
    requireOperation(request, 'GET /api/events');
    const query = eventsQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return { events: await inbox.forDeclaration(query.declarationId, query.limit) };
  });
}
