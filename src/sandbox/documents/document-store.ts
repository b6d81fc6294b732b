import { randomUUID } from 'node:crypto';
import type { Db, SchemaPart } from '../store/db.js';

export const documentSchema: SchemaPart = {
  name: 'documents',
  ddl: `CREATE TABLE IF NOT EXISTS documents (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    declaration_id TEXT NOT NULL,
    document_type TEXT NOT NULL,
    file_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    content BLOB NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS documents_by_declaration ON documents (tenant_id, declaration_id, created_at);`,
  resetTables: ['documents'],
};

/** Attachment metadata as the declaration read model shows it (specification: id, documentType, fileName). */
export interface AttachmentMeta {
  id: string;
  documentType: string;
  fileName: string;
}

interface DocumentRow {
  id: string;
  document_type: string;
  file_name: string;
  content_type: string;
  content: Buffer;
}

/** Documents produced for declarations (SAD, EAD, ...), stored as bytes in the database. */
export class DocumentStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  add(tenantId: string, declarationId: string, documentType: string, fileName: string, content: Uint8Array, contentType = 'application/pdf'): AttachmentMeta {
    const id = randomUUID();
    this.db
      .prepare('INSERT INTO documents (id, tenant_id, declaration_id, document_type, file_name, content_type, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(id, tenantId, declarationId, documentType, fileName, contentType, Buffer.from(content), this.now().toISOString());
    return { id, documentType, fileName };
  }

  list(tenantId: string, declarationId: string): AttachmentMeta[] {
    return this.db
      .prepare<[string, string], Omit<DocumentRow, 'content' | 'content_type'>>(
        'SELECT id, document_type, file_name FROM documents WHERE tenant_id = ? AND declaration_id = ? ORDER BY created_at, id',
      )
      .all(tenantId, declarationId)
      .map((r) => ({ id: r.id, documentType: r.document_type, fileName: r.file_name }));
  }

  /** One attachment of a declaration; with documentType, it must also be of that type. */
  find(tenantId: string, declarationId: string, attachmentId: string, documentType?: string): AttachmentMeta | undefined {
    const row = this.db
      .prepare<[string, string, string], Omit<DocumentRow, 'content' | 'content_type'>>(
        'SELECT id, document_type, file_name FROM documents WHERE tenant_id = ? AND declaration_id = ? AND id = ?',
      )
      .get(tenantId, declarationId, attachmentId);
    if (!row || (documentType !== undefined && row.document_type !== documentType)) return undefined;
    return { id: row.id, documentType: row.document_type, fileName: row.file_name };
  }

  content(tenantId: string, attachmentId: string): { fileName: string; contentType: string; content: Buffer } | undefined {
    const row = this.db
      .prepare<[string, string], DocumentRow>('SELECT id, document_type, file_name, content_type, content FROM documents WHERE tenant_id = ? AND id = ?')
      .get(tenantId, attachmentId);
    return row && { fileName: row.file_name, contentType: row.content_type, content: row.content };
  }
}
