import type { Kysely } from 'kysely';
import type { Engine } from '../../../server-kit/database/engine.js';
import { z } from 'zod';
import {
  ingestChannelSchema,
  ingestMessageTypeSchema,
  ingestOutcomeSchema,
  type IngestChannel,
  type IngestHistoryEntry,
  type IngestHistoryPage,
  type IngestHistoryQuery,
  type IngestMessageType,
  type IngestOutcome,
} from '../../../contract/ingest-history.js';
import type { IngestHistoryTable, IngestHistoryTables } from './ingest-history-tables.js';

export interface NewIngestHistoryEntry {
  /** The referenceId of an accepted message; any new id for a refused FTPS file. */
  id: string;
  referenceId: string | null;
  tenantId: string;
  channel: IngestChannel;
  messageType: IngestMessageType;
  messageId?: string | null;
  fileName?: string | null;
  format: 'json' | 'xml';
  businessReference?: string | null;
  receivedAt: string;
  /** A refused FTPS file: when it was picked up and refused (default receivedAt). */
  processedAt?: string;
  /** Accepted (default) for a message waiting for processing; Rejected or Duplicate for a refused FTPS file (processed at once). */
  outcome?: Extract<IngestOutcome, 'Accepted' | 'Rejected' | 'Duplicate'>;
  errors?: readonly string[];
  movementOrderIds?: readonly string[];
  /** The accepted message, which its processing reads back (message, lock). */
  body?: unknown;
}

/** An accepted message as its processing and the sandbox-only status reads see it. */
export interface StoredMessage {
  referenceId: string;
  tenantId: string;
  messageType: IngestMessageType;
  format: 'json' | 'xml';
  businessReference: string | null;
  outcome: IngestOutcome;
  errors: string[];
  receivedAt: string;
  processedAt: string | null;
  /** The message as accepted (validated by its type's contract schema); null when none was kept. */
  body: unknown;
}

export interface IngestFinish {
  outcome: Extract<IngestOutcome, 'Processed' | 'Unsuccessful'>;
  /** The outcome's name, e.g. the event subtype CreationUnsuccessful. */
  outcomeDetail?: string | null;
  errors: readonly string[];
  /** The declarations the message created or fed (kept as recorded when omitted). */
  declarationIds?: readonly string[];
  at: string;
}

/**
 * The ingest history: every message accepted over HTTPS or FTPS, once, recorded in the
 * transaction that accepts it and finished in the one that processes it; FTPS files refused
 * (malformed, duplicate messageId) recorded with why.
 */
export interface IngestHistoryRepository {
  record(entry: NewIngestHistoryEntry): Promise<void>;
  finish(referenceId: string, result: IngestFinish): Promise<void>;
  get(id: string): Promise<(IngestHistoryEntry & { tenantId: string }) | undefined>;
  /** One page of a tenant's history, newest first. */
  list(tenantId: string, query: IngestHistoryQuery): Promise<IngestHistoryPage>;
  /** The accepted message with this referenceId. */
  message(referenceId: string): Promise<StoredMessage | undefined>;
  /** message for processing: on PostgreSQL the row stays locked until the transaction ends, so a message is processed once. */
  lock(referenceId: string): Promise<StoredMessage | undefined>;
  /** Whether a message with this messageId was already accepted (a duplicate FTPS upload is not ingested twice). */
  hasAccepted(tenantId: string, messageType: IngestMessageType, messageId: string): Promise<boolean>;
}

const strings = z.array(z.string());
const parseStrings = (json: string): string[] => strings.parse(JSON.parse(json));
const cursorSchema = z.tuple([z.string(), z.string()]);

const encodeCursor = (receivedAt: string, id: string): string => Buffer.from(JSON.stringify([receivedAt, id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Stored times are UTC `toISOString()` text, so a query time is compared in that form. */
const utc = (iso: string): string => new Date(iso).toISOString();

function toEntry(row: IngestHistoryTable): IngestHistoryEntry & { tenantId: string } {
  return {
    id: row.id,
    referenceId: row.reference_id,
    tenantId: row.tenant_id,
    channel: ingestChannelSchema.parse(row.channel),
    messageType: ingestMessageTypeSchema.parse(row.message_type),
    messageId: row.message_id,
    fileName: row.file_name,
    format: row.format === 'xml' ? 'xml' : 'json',
    businessReference: row.business_reference,
    receivedAt: row.received_at,
    processedAt: row.processed_at,
    outcome: ingestOutcomeSchema.parse(row.outcome),
    outcomeDetail: row.outcome_detail,
    errors: parseStrings(row.errors),
    declarationIds: parseStrings(row.declaration_ids),
    movementOrderIds: parseStrings(row.movement_order_ids),
  };
}

function toStoredMessage(row: IngestHistoryTable): StoredMessage {
  const entry = toEntry(row);
  return {
    referenceId: row.reference_id ?? row.id,
    tenantId: entry.tenantId,
    messageType: entry.messageType,
    format: entry.format,
    businessReference: entry.businessReference,
    outcome: entry.outcome,
    errors: entry.errors,
    receivedAt: entry.receivedAt,
    processedAt: entry.processedAt,
    body: row.body === null ? null : (JSON.parse(row.body) as unknown),
  };
}

export function ingestHistoryRepository(db: Kysely<IngestHistoryTables>, engine: Engine): IngestHistoryRepository {
  const readMessage = async (referenceId: string, lock: boolean): Promise<StoredMessage | undefined> => {
    const row = await db
      .selectFrom('ingest_history')
      .selectAll()
      .where('reference_id', '=', referenceId)
      .$if(lock && engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    return row && toStoredMessage(row);
  };

  return {
    async record(e) {
      const outcome = e.outcome ?? 'Accepted';
      await db
        .insertInto('ingest_history')
        .values({
          id: e.id,
          reference_id: e.referenceId,
          tenant_id: e.tenantId,
          channel: e.channel,
          message_type: e.messageType,
          message_id: e.messageId ?? null,
          file_name: e.fileName ?? null,
          format: e.format,
          business_reference: e.businessReference ?? null,
          received_at: e.receivedAt,
          processed_at: outcome === 'Accepted' ? null : (e.processedAt ?? e.receivedAt),
          outcome,
          outcome_detail: null,
          errors: JSON.stringify(e.errors ?? []),
          declaration_ids: '[]',
          movement_order_ids: JSON.stringify(e.movementOrderIds ?? []),
          body: e.body === undefined ? null : JSON.stringify(e.body),
        })
        .execute();
    },
    async finish(referenceId, r) {
      await db
        .updateTable('ingest_history')
        .set({
          outcome: r.outcome,
          outcome_detail: r.outcomeDetail ?? null,
          errors: JSON.stringify(r.errors),
          processed_at: r.at,
          ...(r.declarationIds ? { declaration_ids: JSON.stringify(r.declarationIds) } : {}),
        })
        .where('reference_id', '=', referenceId)
        .execute();
    },
    async get(id) {
      const row = await db.selectFrom('ingest_history').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toEntry(row);
    },
    async list(tenantId, q) {
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      const rows = await db
        .selectFrom('ingest_history')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .$if(q.channel !== undefined, (b) => b.where('channel', '=', q.channel ?? ''))
        .$if(q.type !== undefined, (b) => b.where('message_type', '=', q.type ?? ''))
        .$if(q.outcome !== undefined, (b) => b.where('outcome', '=', q.outcome ?? ''))
        .$if(q.from !== undefined, (b) => b.where('received_at', '>=', utc(q.from ?? '')))
        .$if(q.to !== undefined, (b) => b.where('received_at', '<', utc(q.to ?? '')))
        .$if(after !== undefined, (b) => {
          const [at, id] = after ?? ['', ''];
          return b.where((w) => w.or([w('received_at', '<', at), w.and([w('received_at', '=', at), w('id', '<', id)])]));
        })
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.limit + 1)
        .execute();
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        entries: page.map((row) => {
          const { tenantId: _tenant, ...entry } = toEntry(row);
          return entry;
        }),
        nextCursor: rows.length > q.limit && last ? encodeCursor(last.received_at, last.id) : null,
      };
    },
    message: (referenceId) => readMessage(referenceId, false),
    lock: (referenceId) => readMessage(referenceId, true),
    async hasAccepted(tenantId, messageType, messageId) {
      const row = await db
        .selectFrom('ingest_history')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('message_type', '=', messageType)
        .where('message_id', '=', messageId)
        .where('outcome', 'not in', ['Rejected', 'Duplicate'])
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
