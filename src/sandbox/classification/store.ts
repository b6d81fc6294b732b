import { randomUUID } from 'node:crypto';
import type { Jurisdiction } from '../../contract/classification.js';
import type { Db, SchemaPart } from '../store/db.js';

export const classificationSchema: SchemaPart = {
  name: 'classification',
  ddl: `CREATE TABLE IF NOT EXISTS classification_items (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    external_reference TEXT NOT NULL,
    description TEXT,
    origin TEXT,
    assigned TEXT NOT NULL DEFAULT '[]',
    better_jurisdictions TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (tenant_id, external_reference)
  );
  CREATE INDEX IF NOT EXISTS classification_items_order ON classification_items (tenant_id, created_at, id);
  CREATE TABLE IF NOT EXISTS classification_images (
    id TEXT PRIMARY KEY,
    item_id TEXT NOT NULL REFERENCES classification_items (id) ON DELETE CASCADE,
    file_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    bytes BLOB NOT NULL,
    page_text TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS classification_images_item ON classification_images (item_id);
  CREATE TABLE IF NOT EXISTS classification_runs (
    id TEXT PRIMARY KEY,
    item_id TEXT NOT NULL REFERENCES classification_items (id) ON DELETE CASCADE,
    jurisdiction TEXT NOT NULL,
    code TEXT,
    status TEXT NOT NULL CHECK (status IN ('Pending', 'Processing', 'Completed', 'Error')),
    result TEXT,
    error_code TEXT,
    message TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS classification_runs_item ON classification_runs (item_id);`,
  resetTables: ['classification_runs', 'classification_images', 'classification_items'],
};

/**
 * What is left of the SQLite store until the platform's async queue and tenants land: the run
 * insert that shares a synchronous transaction with the credit and the job.
 */
export class ClassificationStore {
  constructor(private readonly db: Db) {}

  /** Inserts a Pending run. Call inside the transaction that took the credit and enqueues the job. */
  insertRun(itemId: string, jurisdiction: Jurisdiction, code: string | null, at: number): string {
    const id = randomUUID();
    this.db
      .prepare("INSERT INTO classification_runs (id, item_id, jurisdiction, code, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'Pending', ?, ?)")
      .run(id, itemId, jurisdiction, code, at, at);
    return id;
  }
}
