import { z } from 'zod';
import { formulaSchema, type Formula } from '../../contract/formulas.js';
import type { Db, SchemaPart } from '../store/db.js';

export const formulaSchemaPart: SchemaPart = {
  name: 'formulas',
  ddl: `CREATE TABLE IF NOT EXISTS formula_messages (
    reference_id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('json', 'xml')),
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('Accepted', 'Processed', 'Rejected')),
    error_descriptions TEXT,
    received_at TEXT NOT NULL,
    processed_at TEXT
  );
  CREATE TABLE IF NOT EXISTS formulas (
    tenant_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (tenant_id, item_id)
  );
  CREATE TABLE IF NOT EXISTS formula_versions (
    tenant_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    version_number INTEGER NOT NULL,
    reference_id TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (tenant_id, item_id, version_number),
    FOREIGN KEY (tenant_id, item_id) REFERENCES formulas (tenant_id, item_id)
  );`,
  resetTables: ['formula_versions', 'formulas', 'formula_messages'],
};

export type FormulaMessageStatus = 'Accepted' | 'Processed' | 'Rejected';

/** A formula message as the sandbox's ingestion history shows it (sandbox-only read). */
export interface FormulaMessageRecord {
  referenceId: string;
  tenantId: string;
  itemId: string;
  format: 'json' | 'xml';
  status: FormulaMessageStatus;
  errorDescriptions: string[];
  receivedAt: string;
  processedAt: string | null;
}

/** One version of a formula: the message's fields plus the number and ingestion it came from. */
export type FormulaVersion = Formula & { versionNumber: number; referenceId: string; createdAt: string };

export interface FormulaRecord {
  tenantId: string;
  itemId: string;
  createdAt: string;
  versions: FormulaVersion[];
}

interface MessageRow {
  reference_id: string;
  tenant_id: string;
  item_id: string;
  format: 'json' | 'xml';
  body: string;
  status: FormulaMessageStatus;
  error_descriptions: string | null;
  received_at: string;
  processed_at: string | null;
}

const descriptions = z.array(z.string());

export class FormulaStore {
  constructor(private readonly db: Db) {}

  insertMessage(m: { referenceId: string; tenantId: string; itemId: string; format: 'json' | 'xml'; body: unknown; receivedAt: string }): void {
    this.db
      .prepare("INSERT INTO formula_messages (reference_id, tenant_id, item_id, format, body, status, received_at) VALUES (?, ?, ?, ?, ?, 'Accepted', ?)")
      .run(m.referenceId, m.tenantId, m.itemId, m.format, JSON.stringify(m.body), m.receivedAt);
  }

  /** The stored body of a message still waiting for validation. */
  pendingBody(referenceId: string): { tenantId: string; itemId: string; body: unknown } | undefined {
    const row = this.db
      .prepare<[string], Pick<MessageRow, 'tenant_id' | 'item_id' | 'body'>>("SELECT tenant_id, item_id, body FROM formula_messages WHERE reference_id = ? AND status = 'Accepted'")
      .get(referenceId);
    if (!row) return undefined;
    const body: unknown = JSON.parse(row.body);
    return { tenantId: row.tenant_id, itemId: row.item_id, body };
  }

  finishMessage(referenceId: string, status: 'Processed' | 'Rejected', errorDescriptions: string[], at: string): void {
    this.db
      .prepare('UPDATE formula_messages SET status = ?, error_descriptions = ?, processed_at = ? WHERE reference_id = ?')
      .run(status, errorDescriptions.length ? JSON.stringify(errorDescriptions) : null, at, referenceId);
  }

  message(referenceId: string): FormulaMessageRecord | undefined {
    const r = this.db.prepare<[string], MessageRow>('SELECT * FROM formula_messages WHERE reference_id = ?').get(referenceId);
    if (!r) return undefined;
    return {
      referenceId: r.reference_id,
      tenantId: r.tenant_id,
      itemId: r.item_id,
      format: r.format,
      status: r.status,
      errorDescriptions: r.error_descriptions ? descriptions.parse(JSON.parse(r.error_descriptions)) : [],
      receivedAt: r.received_at,
      processedAt: r.processed_at,
    };
  }

  /** Adds the next version; the first one creates the formula. Returns the version number. */
  addVersion(tenantId: string, referenceId: string, formula: Formula, at: string): number {
    this.db.prepare('INSERT OR IGNORE INTO formulas (tenant_id, item_id, created_at) VALUES (?, ?, ?)').run(tenantId, formula.itemId, at);
    const last = this.db
      .prepare<[string, string], { n: number | null }>('SELECT MAX(version_number) AS n FROM formula_versions WHERE tenant_id = ? AND item_id = ?')
      .get(tenantId, formula.itemId);
    const versionNumber = (last?.n ?? 0) + 1;
    this.db
      .prepare('INSERT INTO formula_versions (tenant_id, item_id, version_number, reference_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(tenantId, formula.itemId, versionNumber, referenceId, JSON.stringify(formula), at);
    return versionNumber;
  }

  formula(tenantId: string, itemId: string): FormulaRecord | undefined {
    const f = this.db
      .prepare<[string, string], { created_at: string }>('SELECT created_at FROM formulas WHERE tenant_id = ? AND item_id = ?')
      .get(tenantId, itemId);
    if (!f) return undefined;
    const rows = this.db
      .prepare<[string, string], { version_number: number; reference_id: string; body: string; created_at: string }>(
        'SELECT version_number, reference_id, body, created_at FROM formula_versions WHERE tenant_id = ? AND item_id = ? ORDER BY version_number',
      )
      .all(tenantId, itemId);
    const versions = rows.map((r): FormulaVersion => {
      const stored = formulaSchema.parse(JSON.parse(r.body));
      return { ...stored, versionNumber: r.version_number, referenceId: r.reference_id, createdAt: r.created_at };
    });
    return { tenantId, itemId, createdAt: f.created_at, versions };
  }
}
