import { z } from 'zod';
import { eventEnvelopeSchema } from './events.js';

/**
 * GET /api/events/log: the events the BFF received (its inbox), newest first, paged by the
 * inbox's seq (order of first receipt). Every filter is optional and they combine with AND.
 * The same schema parses the console's /events URL search params (minus the cursor).
 */
export const EVENT_LOG_PAGE_SIZE = 50;
export const EVENT_LOG_MAX_PAGE_SIZE = 200;

const text = (max: number) => z.string().trim().min(1).max(max).optional().catch(undefined);
/** An ISO 8601 date-time; anything else in a URL is dropped rather than failing the page. */
const instant = z.iso.datetime({ offset: true }).optional().catch(undefined);

export const eventLogFiltersSchema = z.object({
  type: text(128),
  subType: text(128),
  declarationId: text(200),
  /** Exact value of any string field of the event (customsShipmentReference, traderReference, lrn, mrn, businessReference, ingestionReferences, ...). */
  reference: text(200),
  /** eventTime from (inclusive). */
  from: instant,
  /** eventTime to (inclusive). */
  to: instant,
});
export type EventLogFilters = z.infer<typeof eventLogFiltersSchema>;

/** The API's query: the filters, strict (a bad value is a 400, not ignored), plus the cursor. */
export const eventLogQuerySchema = z.object({
  type: z.string().trim().min(1).max(128).optional(),
  subType: z.string().trim().min(1).max(128).optional(),
  declarationId: z.string().trim().min(1).max(200).optional(),
  reference: z.string().trim().min(1).max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Only events with a seq below this (the previous page's nextBefore). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_LOG_MAX_PAGE_SIZE).default(EVENT_LOG_PAGE_SIZE),
});
export type EventLogQuery = z.infer<typeof eventLogQuerySchema>;

export const eventLogEntrySchema = z.object({
  seq: z.number().int(),
  /** First receipt by the BFF, ISO 8601. */
  receivedAt: z.string(),
  event: eventEnvelopeSchema,
});
export type EventLogEntry = z.infer<typeof eventLogEntrySchema>;

export const eventLogPageSchema = z.object({
  events: z.array(eventLogEntrySchema),
  /** Cursor of the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type EventLogPage = z.infer<typeof eventLogPageSchema>;

/** GET /api/live/subscriptions: ids of the webhook subscriptions the BFF holds for its own live updates (never to be deleted from the console). */
export const consoleSubscriptionsSchema = z.object({ ids: z.array(z.string()) });
export type ConsoleSubscriptions = z.infer<typeof consoleSubscriptionsSchema>;
