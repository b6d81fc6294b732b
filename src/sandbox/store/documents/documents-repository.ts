import type { Kysely } from 'kysely';
import type { Attachment } from '../../../contract/declarations.js';
import { inBatches } from '../declarations/batches.js';
import type { DocumentsTables } from './documents-tables.js';

/** Attachment metadata as the declaration resource shows it (specification: id, documentType, fileName). */
export type AttachmentMeta = Pick<Attachment, 'id' | 'documentType' | 'fileName'>;

export interface NewDocument extends AttachmentMeta {
  tenantId: string;
  declarationId: string;
  contentType: string;
  content: Uint8Array;
  createdAt: string;
}

export interface DocumentContent {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** A document a seeded declaration owes (the seed records them; a background job renders them). */
export interface OwedDocument {
  declarationId: string;
  documentType: string;
}

/** Customs documents (SAD, EAD, ...) of declarations, stored as bytes in the database. */
export interface DocumentsRepository {
  add(document: NewDocument): Promise<void>;
  /** A declaration's documents, oldest first. */
  list(tenantId: string, declarationId: string): Promise<AttachmentMeta[]>;
  /** One attachment of a declaration; with documentType, it must also be of that type. */
  find(tenantId: string, declarationId: string, attachmentId: string, documentType?: string): Promise<AttachmentMeta | undefined>;
  content(tenantId: string, attachmentId: string): Promise<DocumentContent | undefined>;
  /** Records documents owed (again: recording one twice keeps one). */
  owe(documents: readonly OwedDocument[]): Promise<void>;
  /** Some owed documents, in a stable order. */
  owed(limit: number): Promise<OwedDocument[]>;
  /** Removes an owed document; false when it was no longer owed (another worker settled it). */
  settle(document: OwedDocument): Promise<boolean>;
}

export function documentsRepository(db: Kysely<DocumentsTables>): DocumentsRepository {
  const meta = db.selectFrom('documents').select(['id', 'document_type', 'file_name']);
  const toMeta = (r: { id: string; document_type: string; file_name: string }): AttachmentMeta => ({
    id: r.id,
    documentType: r.document_type,
    fileName: r.file_name,
  });

  return {
    async add(d) {
      await db
        .insertInto('documents')
        .values({
          id: d.id,
          tenant_id: d.tenantId,
          declaration_id: d.declarationId,
          document_type: d.documentType,
          file_name: d.fileName,
          content_type: d.contentType,
          content: Buffer.from(d.content),
          created_at: d.createdAt,
        })
        .execute();
    },

    async list(tenantId, declarationId) {
      const rows = await meta
        .where('tenant_id', '=', tenantId)
        .where('declaration_id', '=', declarationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toMeta);
    },

    async find(tenantId, declarationId, attachmentId, documentType) {
      const row = await meta
        .where('tenant_id', '=', tenantId)
        .where('declaration_id', '=', declarationId)
        .where('id', '=', attachmentId)
        .executeTakeFirst();
      if (!row || (documentType !== undefined && row.document_type !== documentType)) return undefined;
      return toMeta(row);
    },

    async content(tenantId, attachmentId) {
      const row = await db
        .selectFrom('documents')
        .select(['file_name', 'content_type', 'content'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', attachmentId)
        .executeTakeFirst();
      return row && { fileName: row.file_name, contentType: row.content_type, content: Buffer.from(row.content) };
    },

    async owe(documents) {
      const rows = documents.map((d) => ({ declaration_id: d.declarationId, document_type: d.documentType }));
      for (const batch of inBatches(rows, 2)) {
        await db
          .insertInto('seeded_documents')
          .values(batch)
          .onConflict((oc) => oc.columns(['declaration_id', 'document_type']).doNothing())
          .execute();
      }
    },

    async owed(limit) {
      const rows = await db
        .selectFrom('seeded_documents')
        .select(['declaration_id', 'document_type'])
        .orderBy('declaration_id')
        .orderBy('document_type')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ declarationId: r.declaration_id, documentType: r.document_type }));
    },

    async settle(d) {
      const result = await db
        .deleteFrom('seeded_documents')
        .where('declaration_id', '=', d.declarationId)
        .where('document_type', '=', d.documentType)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
