import { z } from 'zod';
import type { MasterDataMessageKind } from '../../contract/master-data-messages.js';
import type { Db, SchemaPart } from '../store/db.js';

export const masterDataSchemaPart: SchemaPart = {
  name: 'master-data-messages',
  ddl: `CREATE TABLE IF NOT EXISTS master_data_messages (
    reference_id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    business_reference TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('json', 'xml')),
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('Accepted', 'Processed', 'Rejected')),
    error_descriptions TEXT,
    received_at TEXT NOT NULL,
    processed_at TEXT
  );
  CREATE TABLE IF NOT EXISTS material_lists (
    tenant_id TEXT NOT NULL,
    external_reference TEXT NOT NULL,
    item_id TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('Active', 'Invalidated')),
    revision INTEGER NOT NULL,
    reference_id TEXT NOT NULL,
    body TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (tenant_id, external_reference)
  );`,
  resetTables: ['material_lists', 'master_data_messages'],
};

export type MessageStatus = 'Accepted' | 'Processed' | 'Rejected';

/** A message as the sandbox's ingestion history shows it (sandbox-only read). */
export interface MasterDataMessageRecord {
  referenceId: string;
  tenantId: string;
  kind: MasterDataMessageKind;
  businessReference: string;
  format: 'json' | 'xml';
  status: MessageStatus;
  errorDescriptions: string[];
  receivedAt: string;
  processedAt: string | null;
  body: unknown;
}

export interface MaterialListRecord {
  tenantId: string;
  externalReference: string;
  itemId: string;
  status: 'Active' | 'Invalidated';
  revision: number;
  referenceId: string;
  updatedAt: string;
  materialList: unknown;
}

interface MessageRow {
  reference_id: string;
  tenant_id: string;
  kind: MasterDataMessageKind;
  business_reference: string;
  format: 'json' | 'xml';
  body: string;
  status: MessageStatus;
  error_descriptions: string | null;
  received_at: string;
  processed_at: string | null;
}

interface MaterialListRow {
  tenant_id: string;
  external_reference: string;
  item_id: string;
  status: 'Active' | 'Invalidated';
  revision: number;
  reference_id: string;
  body: string;
  updated_at: string;
}

const descriptions = z.array(z.string());

export class MasterDataStore {
  constructor(private readonly db: Db) {}

  insertMessage(m: { referenceId: string; tenantId: string; kind: MasterDataMessageKind; businessReference: string; format: 'json' | 'xml'; body: unknown; receivedAt: string }): void {
    this.db
      .prepare(
        "INSERT INTO master_data_messages (reference_id, tenant_id, kind, business_reference, format, body, status, received_at) VALUES (?, ?, ?, ?, ?, ?, 'Accepted', ?)",
      )
      .run(m.referenceId, m.tenantId, m.kind, m.businessReference, m.format, JSON.stringify(m.body), m.receivedAt);
  }

  finishMessage(referenceId: string, status: 'Processed' | 'Rejected', errorDescriptions: string[], at: string): void {
    this.db
      .prepare('UPDATE master_data_messages SET status = ?, error_descriptions = ?, processed_at = ? WHERE reference_id = ?')
      .run(status, errorDescriptions.length ? JSON.stringify(errorDescriptions) : null, at, referenceId);
  }

  message(referenceId: string): MasterDataMessageRecord | undefined {
    const r = this.db.prepare<[string], MessageRow>('SELECT * FROM master_data_messages WHERE reference_id = ?').get(referenceId);
    if (!r) return undefined;
    const body: unknown = JSON.parse(r.body);
    return {
      referenceId: r.reference_id,
      tenantId: r.tenant_id,
      kind: r.kind,
      businessReference: r.business_reference,
      format: r.format,
      status: r.status,
      errorDescriptions: r.error_descriptions ? descriptions.parse(JSON.parse(r.error_descriptions)) : [],
      receivedAt: r.received_at,
      processedAt: r.processed_at,
      body,
    };
  }

  /** Creates the list, or replaces it (next revision, Active again). */
  putMaterialList(l: { tenantId: string; externalReference: string; itemId: string; referenceId: string; body: unknown; at: string }): number {
    const row = this.db
      .prepare<[{ tenantId: string; externalReference: string; itemId: string; referenceId: string; body: string; at: string }], { revision: number }>(
        `INSERT INTO material_lists (tenant_id, external_reference, item_id, status, revision, reference_id, body, updated_at)
         VALUES (@tenantId, @externalReference, @itemId, 'Active', 1, @referenceId, @body, @at)
         ON CONFLICT (tenant_id, external_reference) DO UPDATE
           SET item_id = @itemId, status = 'Active', revision = revision + 1, reference_id = @referenceId, body = @body, updated_at = @at
         RETURNING revision`,
      )
      .get({ ...l, body: JSON.stringify(l.body) });
    return row?.revision ?? 1;
  }

  /** Invalidates an active list; false when there is none. */
  invalidateMaterialList(tenantId: string, externalReference: string, at: string): boolean {
    const result = this.db
      .prepare("UPDATE material_lists SET status = 'Invalidated', updated_at = ? WHERE tenant_id = ? AND external_reference = ? AND status = 'Active'")
      .run(at, tenantId, externalReference);
    return result.changes > 0;
  }

  materialList(tenantId: string, externalReference: string): MaterialListRecord | undefined {
    const r = this.db
      .prepare<[string, string], MaterialListRow>('SELECT * FROM material_lists WHERE tenant_id = ? AND external_reference = ?')
      .get(tenantId, externalReference);
    if (!r) return undefined;
    const materialList: unknown = JSON.parse(r.body);
    return {
      tenantId: r.tenant_id,
      externalReference: r.external_reference,
      itemId: r.item_id,
      status: r.status,
      revision: r.revision,
      referenceId: r.reference_id,
      updatedAt: r.updated_at,
      materialList,
    };
  }
}
