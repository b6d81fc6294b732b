import type { Kysely } from 'kysely';
import type { Engine } from '../../../server-kit/database/engine.js';
import { ingestMessageTypeSchema, type IngestMessageType } from '../../../contract/ingest-history.js';

export interface FtpsFilesTable {
  id: string;
  tenant_id: string;
  /** The FTPS user (a client id) that uploaded it. */
  client_id: string;
  /** The folder's message type. */
  message_type: string;
  file_name: string;
  /** UTF-8 text of the file (JSON or XML). */
  content: string;
  size: number;
  uploaded_at: string;
}

export interface FtpsFilesTables {
  ftps_files: FtpsFilesTable;
}

export interface FtpsFile {
  id: string;
  tenantId: string;
  clientId: string;
  messageType: IngestMessageType;
  fileName: string;
  content: string;
  size: number;
  uploadedAt: string;
}

export type FtpsFileInfo = Omit<FtpsFile, 'content'>;

/** Files waiting in FTPS folders for pickup (migration 0009-ftps-files). */
export interface FtpsFilesRepository {
  /** Stores an upload; a file of the same name in the same folder is replaced (FTP STOR semantics). */
  put(file: FtpsFile): Promise<void>;
  list(tenantId: string, messageType: IngestMessageType): Promise<FtpsFileInfo[]>;
  find(tenantId: string, messageType: IngestMessageType, fileName: string): Promise<FtpsFileInfo | undefined>;
  /** Removes a waiting file; false when there was none. */
  remove(id: string): Promise<boolean>;
  /** Takes a file out of its folder for pickup (locked on PostgreSQL until the transaction ends); undefined when it is gone or was replaced. */
  take(id: string): Promise<FtpsFile | undefined>;
}

const toInfo = (row: Omit<FtpsFilesTable, 'content'>): FtpsFileInfo => ({
  id: row.id,
  tenantId: row.tenant_id,
  clientId: row.client_id,
  messageType: ingestMessageTypeSchema.parse(row.message_type),
  fileName: row.file_name,
  size: row.size,
  uploadedAt: row.uploaded_at,
});

const INFO_COLUMNS = ['id', 'tenant_id', 'client_id', 'message_type', 'file_name', 'size', 'uploaded_at'] as const;

export function ftpsFilesRepository(db: Kysely<FtpsFilesTables>, engine: Engine): FtpsFilesRepository {
  return {
    async put(f) {
      await db
        .deleteFrom('ftps_files')
        .where('tenant_id', '=', f.tenantId)
        .where('message_type', '=', f.messageType)
        .where('file_name', '=', f.fileName)
        .execute();
      await db
        .insertInto('ftps_files')
        .values({
          id: f.id,
          tenant_id: f.tenantId,
          client_id: f.clientId,
          message_type: f.messageType,
          file_name: f.fileName,
          content: f.content,
          size: f.size,
          uploaded_at: f.uploadedAt,
        })
        .execute();
    },
    async list(tenantId, messageType) {
      const rows = await db
        .selectFrom('ftps_files')
        .select(INFO_COLUMNS)
        .where('tenant_id', '=', tenantId)
        .where('message_type', '=', messageType)
        .orderBy('file_name')
        .execute();
      return rows.map(toInfo);
    },
    async find(tenantId, messageType, fileName) {
      const row = await db
        .selectFrom('ftps_files')
        .select(INFO_COLUMNS)
        .where('tenant_id', '=', tenantId)
        .where('message_type', '=', messageType)
        .where('file_name', '=', fileName)
        .executeTakeFirst();
      return row && toInfo(row);
    },
    async remove(id) {
      const result = await db.deleteFrom('ftps_files').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async take(id) {
      const row = await db
        .selectFrom('ftps_files')
        .selectAll()
        .where('id', '=', id)
        .$if(engine === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
      if (!row) return undefined;
      await db.deleteFrom('ftps_files').where('id', '=', id).execute();
      return { ...toInfo(row), content: row.content };
    },
  };
}
