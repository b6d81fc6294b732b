import { z } from 'zod';
import { eventEnvelopeSchema } from './events.js';

/**
 * Live updates (ARCHITECTURE.md sections 1 and 4): the BFF subscribes itself to these event
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
export const DECLARATION_EVENT_TYPES: readonly string[] = ['DeclarationStatusChanged', 'DeclarationActionFinished', 'DeclarationPdfCreated'];

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
