import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ingestionStatusSchema } from '../../../contract/ingestion.js';
import type { Engine } from '../../../server-kit/database/engine.js';
import type { IngestionTables } from './ingestion-tables.js';

export const INGESTION_KINDS = ['CustomsShipment', 'ArticleDataItems', 'BusinessPartners'] as const;
export type IngestionKind = (typeof INGESTION_KINDS)[number];
const kindSchema = z.enum(INGESTION_KINDS);
const descriptionsSchema = z.array(z.string());

/** A message as accepted, with what processing made of it. */
export interface IngestionMessage {
  referenceId: string;
  tenantId: string;
  kind: IngestionKind;
  status: z.infer<typeof ingestionStatusSchema>;
  /** The validated message body. */
  body: unknown;
  errorDescriptions: string[];
}

export interface NewIngestionMessage {
  referenceId: string;
  tenantId: string;
  kind: IngestionKind;
  body: unknown;
  /** Shipment messages: what identifies them in the history. */
  messageType?: string;
  externalReference?: string;
  direction?: string;
  receivedAt: string;
}

/** The ingestion history: messages accepted with a 202 and their processing outcome. */
export interface IngestionMessagesRepository {
  insert(message: NewIngestionMessage): Promise<void>;
  get(referenceId: string): Promise<IngestionMessage | undefined>;
  /** get for processing: on PostgreSQL the row stays locked until the transaction ends, so a message is processed once. */
  lock(referenceId: string): Promise<IngestionMessage | undefined>;
  finish(referenceId: string, status: 'Processed' | 'Failed', errorDescriptions: readonly string[], at: string): Promise<void>;
}

export function ingestionMessagesRepository(db: Kysely<IngestionTables>, engine: Engine): IngestionMessagesRepository {
  const read = async (referenceId: string, lock: boolean): Promise<IngestionMessage | undefined> => {
    const row = await db
      .selectFrom('ingestion_messages')
      .select(['reference_id', 'tenant_id', 'kind', 'status', 'body', 'error_descriptions'])
      .where('reference_id', '=', referenceId)
      .$if(lock && engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) return undefined;
    const body: unknown = JSON.parse(row.body);
    return {
      referenceId: row.reference_id,
      tenantId: row.tenant_id,
      kind: kindSchema.parse(row.kind),
      status: ingestionStatusSchema.parse(row.status),
      body,
      errorDescriptions: row.error_descriptions ? descriptionsSchema.parse(JSON.parse(row.error_descriptions)) : [],
    };
  };

  return {
    async insert(m) {
      await db
        .insertInto('ingestion_messages')
        .values({
          reference_id: m.referenceId,
          tenant_id: m.tenantId,
          kind: m.kind,
          message_type: m.messageType ?? null,
          external_reference: m.externalReference ?? null,
          direction: m.direction ?? null,
          body: JSON.stringify(m.body),
          status: 'Received',
          error_descriptions: null,
          received_at: m.receivedAt,
          processed_at: null,
        })
        .execute();
    },
    get: (referenceId) => read(referenceId, false),
    lock: (referenceId) => read(referenceId, true),
    async finish(referenceId, status, errorDescriptions, at) {
      await db
        .updateTable('ingestion_messages')
        .set({ status, error_descriptions: errorDescriptions.length ? JSON.stringify(errorDescriptions) : null, processed_at: at })
        .where('reference_id', '=', referenceId)
        .execute();
    },
  };
}
