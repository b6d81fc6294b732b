import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db, SchemaPart } from '../store/db.js';
import type { JobQueue } from '../worker/job-queue.js';

/**
 * Ingested messages (the ingestion history). A message row and its processing job are written
 * in one transaction before the 202 leaves, so a crash after the 202 loses nothing.
 */
export const ingestionSchema: SchemaPart = {
  name: 'ingestion',
  ddl: `CREATE TABLE IF NOT EXISTS ingestion_messages (
    reference_id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    message_type TEXT,
    external_reference TEXT,
    direction TEXT,
    body TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'Received',
    error_descriptions TEXT,
    received_at TEXT NOT NULL,
    processed_at TEXT
  );
  CREATE INDEX IF NOT EXISTS ingestion_messages_by_tenant ON ingestion_messages (tenant_id, received_at);`,
  resetTables: ['ingestion_messages'],
};

export const INGESTION_KINDS = ['CustomsShipment', 'ArticleDataItems', 'BusinessPartners'] as const;
export type IngestionKind = (typeof INGESTION_KINDS)[number];

export const JOB_INGESTION = 'ingestion.process';
export const ingestionJobSchema = z.object({ referenceId: z.string() });

export interface IngestionMessage {
  referenceId: string;
  tenantId: string;
  kind: IngestionKind;
  status: string;
  body: unknown;
  errorDescriptions: string[];
}

interface Row {
  reference_id: string;
  tenant_id: string;
  kind: string;
  status: string;
  body: string;
  error_descriptions: string | null;
}

export class IngestionStore {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly finishStmt;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly now: () => Date,
  ) {
    this.insertStmt = db.prepare(
      'INSERT INTO ingestion_messages (reference_id, tenant_id, kind, message_type, external_reference, direction, body, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT reference_id, tenant_id, kind, status, body, error_descriptions FROM ingestion_messages WHERE reference_id = ?');
    this.finishStmt = db.prepare('UPDATE ingestion_messages SET status = ?, error_descriptions = ?, processed_at = ? WHERE reference_id = ?');
  }

  /** Persists the message and enqueues its processing in one transaction; returns the referenceId. */
  accept(tenantId: string, kind: IngestionKind, body: unknown, meta: { messageType?: string; externalReference?: string; direction?: string } = {}): string {
    const referenceId = randomUUID();
    this.db.transaction(() => {
      this.insertStmt.run(referenceId, tenantId, kind, meta.messageType ?? null, meta.externalReference ?? null, meta.direction ?? null, JSON.stringify(body), this.now().toISOString());
      this.jobs.enqueue(JOB_INGESTION, { referenceId });
    })();
    return referenceId;
  }

  get(referenceId: string): IngestionMessage | undefined {
    const row = this.getStmt.get(referenceId);
    if (!row) return undefined;
    const kind = INGESTION_KINDS.find((k) => k === row.kind);
    if (!kind) throw new Error(`unknown ingestion kind ${row.kind}`);
    const body: unknown = JSON.parse(row.body);
    return {
      referenceId: row.reference_id,
      tenantId: row.tenant_id,
      kind,
      status: row.status,
      body,
      errorDescriptions: row.error_descriptions ? z.array(z.string()).parse(JSON.parse(row.error_descriptions)) : [],
    };
  }

  finish(referenceId: string, status: 'Processed' | 'Failed', errorDescriptions: string[] = []): void {
    this.finishStmt.run(status, errorDescriptions.length ? JSON.stringify(errorDescriptions) : null, this.now().toISOString(), referenceId);
  }
}
