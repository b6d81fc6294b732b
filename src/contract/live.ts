import { z } from 'zod';
import { eventEnvelopeSchema } from './events.js';

/**
 * Live updates (docs/architecture.md sections 1 and 4): the BFF subscribes itself to these event
 * types, receives them on /webhooks/customs and pushes them to open consoles over /api/live.
 * MovementOrderStatusChanged is not in the specification's list; the sandbox emits it.
 */
export const LIVE_EVENT_TYPES = [
  'DeclarationStatusChanged',
  'DeclarationActionFinished',
  'DeclarationPdfCreated',
  'CustomsShipmentInformation',
  'MovementOrderStatusChanged',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Event types whose `data.id` is a declaration id (specification, Events: declaration event data). */
export const DECLARATION_EVENT_TYPES: readonly string[] = [
  'DeclarationStatusChanged',
  'DeclarationActionFinished',
  'DeclarationPdfCreated',
];

/** The BFF sends an SSE comment this often, so proxies keep the stream open and clients notice a dead one. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** At most this many inbox events are replayed after a `Last-Event-ID`. */
export const LIVE_REPLAY_LIMIT = 500;

/**
 * One event as /api/live sends it, one SSE frame per event:
 *   id: <envelope id>        (send it back as Last-Event-ID after a reconnect)
 *   event: <eventType>
 *   data: <the envelope as JSON, one line>
 * Comments (lines starting with `:`) are heartbeats. The envelope is the service's, verbatim.
 */
export const liveEventSchema = eventEnvelopeSchema;
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** One inbox entry of GET /api/events: the envelope as received, and when the BFF first received it. */
export const inboxEventSchema = z.object({
  /** ISO 8601, first receipt by the BFF (retries and duplicates do not change it). */
  receivedAt: z.string(),
  event: eventEnvelopeSchema,
});
export type InboxEvent = z.infer<typeof inboxEventSchema>;

/** GET /api/events?declarationId=&limit=: the declaration's events, newest eventTime first. */
export const inboxEventListSchema = z.object({ events: z.array(inboxEventSchema) });
export type InboxEventList = z.infer<typeof inboxEventListSchema>;

/**
 * Sent by the BFF itself as an inbox event (so every replica's streams and every Last-Event-ID
 * replay carry it) when it had to re-create a webhook subscription that had gone (deleted
 * upstream, or a sandbox reset): events of those types may have been missed meanwhile, so the
 * console refetches what it shows. `data` is `liveMissedEventsDataSchema`.
 */
export const LIVE_MISSED_EVENTS_TYPE = 'ConsoleLiveEventsMissed';
export const liveMissedEventsDataSchema = z.object({
  /** The event types whose subscription was re-created. */
  eventTypes: z.array(z.string()),
  detail: z.string(),
});
export type LiveMissedEventsData = z.infer<typeof liveMissedEventsDataSchema>;

/**
 * The last frame of a stream the BFF ends itself (`event: LIVE_STREAM_END_EVENT`, no id, data
 * `liveStreamEndSchema`): `token-expired` at the access token's expiry (reconnect at once with a
 * fresh token and Last-Event-ID); `shutdown` when the replica stops (reconnect, to any replica).
 */
export const LIVE_STREAM_END_EVENT = 'console.stream-end';
export const liveStreamEndSchema = z.object({ reason: z.enum(['token-expired', 'shutdown']), detail: z.string() });
export type LiveStreamEnd = z.infer<typeof liveStreamEndSchema>;

/** Open /api/live streams one user may hold at once (per BFF replica); one more answers 429. */
export const LIVE_STREAMS_PER_USER = 5;
