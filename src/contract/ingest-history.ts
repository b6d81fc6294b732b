import { z } from 'zod';
import { inboxEventSchema } from './live.js';

/**
 * The ingest history (sandbox-only endpoint `GET /sandbox-api/ingest-history`, and the BFF's
 * `GET /api/ingest-history`): every message accepted over HTTPS or FTPS, once, with its outcome.
 * The specification names the history (FTPS ingestion: "appears in the ingest history") but not
 * its shape: these are sandbox models.
 */

/** Message names (docs/service-facts.md 4.1) of every message the ingestion endpoints take. */
export const INGEST_MESSAGE_TYPES = [
  'CustomsShipment',
  'ArticleDataItem',
  'BusinessPartners',
  'Formula',
  'MovementOrder',
  'MaterialList',
  'MaterialListInvalidationRequest',
  'CertificateOfOrigin',
  'Shipment',
] as const;
export const ingestMessageTypeSchema = z.enum(INGEST_MESSAGE_TYPES);
export type IngestMessageType = z.infer<typeof ingestMessageTypeSchema>;

/**
 * FTPS folder of a message type, `{Publisher}.{MessageContent}.{MessageVersion}` (specification,
 * FTPS ingestion). Publisher C4T (the vendor) and version 1.0 are sandbox defaults.
 */
export const FTPS_PUBLISHER = 'C4T';
export const FTPS_MESSAGE_VERSION = '1.0';
export const ftpsFolderOf = (type: IngestMessageType): string => `${FTPS_PUBLISHER}.${type}.${FTPS_MESSAGE_VERSION}`;

export const INGEST_CHANNELS = ['https', 'ftps'] as const;
export const ingestChannelSchema = z.enum(INGEST_CHANNELS);
export type IngestChannel = z.infer<typeof ingestChannelSchema>;

/**
 * Accepted: waiting for processing. Processed: done without errors. Unsuccessful: processed, and
 * business validation failed (outcomeDetail names the outcome, e.g. CreationUnsuccessful).
 * Rejected: an FTPS file that failed the structural check an HTTPS request answers with 400.
 * Duplicate: an FTPS file whose messageId was already ingested; not ingested again.
 */
export const INGEST_OUTCOMES = ['Accepted', 'Processed', 'Unsuccessful', 'Rejected', 'Duplicate'] as const;
export const ingestOutcomeSchema = z.enum(INGEST_OUTCOMES);
export type IngestOutcome = z.infer<typeof ingestOutcomeSchema>;

export const ingestHistoryEntrySchema = z.looseObject({
  /** The entry's own id: the referenceId when the message was accepted. */
  id: z.string(),
  /** The referenceId ingestion returned (also in events' ingestionReferences); null when not accepted. */
  referenceId: z.string().nullable(),
  /** null when not known (a history rebuilt from events). */
  channel: ingestChannelSchema.nullable(),
  messageType: ingestMessageTypeSchema,
  /** FTPS: the file name without extension. */
  messageId: z.string().nullable(),
  fileName: z.string().nullable(),
  format: z.enum(['json', 'xml']),
  /** externalReference, itemId or the like, when the message has one. */
  businessReference: z.string().nullable(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
  outcome: ingestOutcomeSchema,
  outcomeDetail: z.string().nullable(),
  errors: z.array(z.string()),
  declarationIds: z.array(z.string()),
  movementOrderIds: z.array(z.string()),
  /** Added by the BFF: the events it received whose ingestionReferences name this referenceId, newest first. */
  outcomeEvents: z.array(inboxEventSchema).optional(),
});
export type IngestHistoryEntry = z.infer<typeof ingestHistoryEntrySchema>;

export const ingestHistoryPageSchema = z.looseObject({
  entries: z.array(ingestHistoryEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Where the entries come from: the service's history, or (real tenant) the events the BFF received. */
  source: z.enum(['service', 'events']).optional(),
});
export type IngestHistoryPage = z.infer<typeof ingestHistoryPageSchema>;

const dateTime = z.iso.datetime({ offset: true });

/** Query of the history endpoints; also the console's URL search params. */
export const ingestHistoryQuerySchema = z.object({
  channel: ingestChannelSchema.optional(),
  type: ingestMessageTypeSchema.optional(),
  outcome: ingestOutcomeSchema.optional(),
  /** receivedAt from (inclusive) and to (exclusive), ISO 8601. */
  from: dateTime.optional(),
  to: dateTime.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type IngestHistoryQuery = z.infer<typeof ingestHistoryQuerySchema>;
