import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  jurisdictionSchema,
  runStatusSchema,
  type AssignedClassification,
  type ClassificationItem,
  type ClassificationResult,
  type ClassificationRun,
  type Jurisdiction,
  type RunStatus,
} from '../../contract/classification.js';
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

interface ItemRow {
  id: string;
  tenant_id: string;
  external_reference: string;
  description: string | null;
  origin: string | null;
  assigned: string;
  better_jurisdictions: string;
  created_at: number;
  updated_at: number;
}

interface ImageMetaRow {
  id: string;
  item_id: string;
  file_name: string;
  content_type: string;
}

interface RunRow {
  id: string;
  item_id: string;
  jurisdiction: string;
  code: string | null;
  status: string;
  result: string | null;
  error_code: string | null;
  message: string | null;
  created_at: number;
  updated_at: number;
}

export interface StoredItem {
  id: string;
  tenantId: string;
  externalReference: string;
  description: string | null;
  origin: string | null;
  assigned: AssignedClassification[];
  betterJurisdictions: Jurisdiction[];
  createdAt: number;
  updatedAt: number;
}

export interface ImageMeta {
  imageId: string;
  itemId: string;
  fileName: string;
  contentType: string;
}

/** An image ready to store: decoded and checked (images.ts). PDF pages carry their text as evidence. */
export interface PreparedImage {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  pageText?: string;
}

export interface StoredRun {
  id: string;
  itemId: string;
  jurisdiction: Jurisdiction;
  code: string | null;
  status: RunStatus;
  result: ClassificationResult | null;
  errorCode: string | null;
  message: string | null;
  createdAt: number;
  updatedAt: number;
}

const assignedListSchema = z.array(
  z.object({ jurisdiction: jurisdictionSchema, code: z.string(), comment: z.string().optional() }),
);
const resultSchema = z.object({
  notes: z.string(),
  options: z.array(z.object({ code: z.string(), score: z.number(), explanation: z.string() })),
  rulingReferences: z.array(z.object({ commodityCode: z.string(), url: z.string(), text: z.string() })),
});

const toItem = (r: ItemRow): StoredItem => ({
  id: r.id,
  tenantId: r.tenant_id,
  externalReference: r.external_reference,
  description: r.description,
  origin: r.origin,
  assigned: assignedListSchema.parse(JSON.parse(r.assigned)),
  betterJurisdictions: z.array(jurisdictionSchema).parse(JSON.parse(r.better_jurisdictions)),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toRun = (r: RunRow): StoredRun => ({
  id: r.id,
  itemId: r.item_id,
  jurisdiction: jurisdictionSchema.parse(r.jurisdiction),
  code: r.code,
  status: runStatusSchema.parse(r.status),
  result: r.result === null ? null : resultSchema.parse(JSON.parse(r.result)),
  errorCode: r.error_code,
  message: r.message,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The unique index on (tenant, externalReference) refused the write. */
export class ExternalReferenceInUse extends Error {
  constructor(readonly externalReference: string) {
    super(`externalReference ${externalReference} is already in use.`);
  }
}

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === 'SQLITE_CONSTRAINT_UNIQUE';

export interface SearchFilter {
  offset: number;
  limit: number;
  externalReference?: string;
  creationDateFrom?: number;
  creationDateTo?: number;
  lastUpdatedFrom?: number;
  lastUpdatedTo?: number;
  hasBetterSuggestion?: boolean;
}

/**
 * SQL for the externalReference filter. `*` at the start, the end or both is a wildcard; an
 * inner `*` is literal. Matching is case-sensitive and done with substr/instr, so `%`, `_` and
 * `\` in references have no special meaning (no LIKE involved).
 */
export function referenceCondition(pattern: string): { sql: string; params: (string | number)[] } {
  const starts = pattern.startsWith('*');
  const ends = pattern.length > 1 && pattern.endsWith('*');
  const core = pattern.slice(starts ? 1 : 0, ends ? -1 : undefined);
  if (!starts && !ends) return { sql: 'external_reference = ?', params: [pattern] };
  if (core === '') return { sql: '1 = 1', params: [] };
  if (starts && ends) return { sql: 'instr(external_reference, ?) > 0', params: [core] };
  if (ends) return { sql: 'substr(external_reference, 1, ?) = ?', params: [core.length, core] };
  return { sql: 'length(external_reference) >= ? AND substr(external_reference, -?) = ?', params: [core.length, core.length, core] };
}

export class ClassificationStore {
  constructor(private readonly db: Db) {}

  createItem(
    tenantId: string,
    input: { externalReference: string; description: string | null; origin: string | null; assigned: AssignedClassification[] },
    images: PreparedImage[],
    at: number,
  ): StoredItem {
    const id = randomUUID();
    try {
      this.db.transaction(() => {
        this.db
          .prepare('INSERT INTO classification_items (id, tenant_id, external_reference, description, origin, assigned, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(id, tenantId, input.externalReference, input.description, input.origin, JSON.stringify(input.assigned), at, at);
        this.insertImages(id, images, at);
      })();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ExternalReferenceInUse(input.externalReference);
      throw err;
    }
    const item = this.getItem(tenantId, id);
    if (!item) throw new Error('item vanished after insert');
    return item;
  }

  getItem(tenantId: string, id: string): StoredItem | undefined {
    const row = this.db.prepare<[string, string], ItemRow>('SELECT * FROM classification_items WHERE id = ? AND tenant_id = ?').get(id, tenantId);
    return row && toItem(row);
  }

  getItemByReference(tenantId: string, externalReference: string): StoredItem | undefined {
    const row = this.db
      .prepare<[string, string], ItemRow>('SELECT * FROM classification_items WHERE tenant_id = ? AND external_reference = ?')
      .get(tenantId, externalReference);
    return row && toItem(row);
  }

  getItemById(id: string): StoredItem | undefined {
    const row = this.db.prepare<[string], ItemRow>('SELECT * FROM classification_items WHERE id = ?').get(id);
    return row && toItem(row);
  }

  /** Applies changed fields (already validated); bumps lastUpdated only when something changed. */
  updateItem(item: StoredItem, changes: { externalReference?: string; description?: string | null; origin?: string | null }, at: number): StoredItem {
    const next = {
      externalReference: changes.externalReference ?? item.externalReference,
      description: changes.description !== undefined ? changes.description : item.description,
      origin: changes.origin !== undefined ? changes.origin : item.origin,
    };
    const changed = next.externalReference !== item.externalReference || next.description !== item.description || next.origin !== item.origin;
    if (!changed) return item;
    try {
      this.db
        .prepare('UPDATE classification_items SET external_reference = ?, description = ?, origin = ?, updated_at = ? WHERE id = ? AND tenant_id = ?')
        .run(next.externalReference, next.description, next.origin, at, item.id, item.tenantId);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ExternalReferenceInUse(next.externalReference);
      throw err;
    }
    return this.getItem(item.tenantId, item.id) ?? item;
  }

  /** Deletes the item; images and runs go with it (ON DELETE CASCADE). */
  deleteItem(tenantId: string, id: string): boolean {
    return this.db.prepare('DELETE FROM classification_items WHERE id = ? AND tenant_id = ?').run(id, tenantId).changes === 1;
  }

  search(tenantId: string, f: SearchFilter): StoredItem[] {
    const where = ['tenant_id = ?'];
    const params: (string | number)[] = [tenantId];
    if (f.externalReference !== undefined) {
      const c = referenceCondition(f.externalReference);
      where.push(c.sql);
      params.push(...c.params);
    }
    const range = (column: string, from?: number, to?: number): void => {
      if (from !== undefined) {
        where.push(`${column} >= ?`);
        params.push(from);
      }
      if (to !== undefined) {
        where.push(`${column} <= ?`);
        params.push(to);
      }
    };
    range('created_at', f.creationDateFrom, f.creationDateTo);
    range('updated_at', f.lastUpdatedFrom, f.lastUpdatedTo);
    if (f.hasBetterSuggestion !== undefined) where.push(f.hasBetterSuggestion ? "better_jurisdictions <> '[]'" : "better_jurisdictions = '[]'");
    const sql = `SELECT * FROM classification_items WHERE ${where.join(' AND ')} ORDER BY created_at, id LIMIT ? OFFSET ?`;
    return this.db
      .prepare<(string | number)[], ItemRow>(sql)
      .all(...params, f.limit, f.offset)
      .map(toItem);
  }

  // Images

  private insertImages(itemId: string, images: PreparedImage[], at: number): ImageMeta[] {
    const insert = this.db.prepare('INSERT INTO classification_images (id, item_id, file_name, content_type, bytes, page_text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    return images.map((img) => {
      const imageId = randomUUID();
      insert.run(imageId, itemId, img.fileName, img.contentType, img.bytes, img.pageText ?? null, at);
      return { imageId, itemId, fileName: img.fileName, contentType: img.contentType };
    });
  }

  /** Adds images to an existing item in one transaction; undefined when the item is gone. */
  addImages(tenantId: string, itemId: string, images: PreparedImage[], at: number): ImageMeta[] | undefined {
    return this.db.transaction(() => {
      const touched = this.db.prepare('UPDATE classification_items SET updated_at = ? WHERE id = ? AND tenant_id = ?').run(at, itemId, tenantId);
      if (touched.changes !== 1) return undefined;
      return this.insertImages(itemId, images, at);
    })();
  }

  listImages(itemId: string): ImageMeta[] {
    return this.db
      .prepare<[string], ImageMetaRow>('SELECT id, item_id, file_name, content_type FROM classification_images WHERE item_id = ? ORDER BY rowid')
      .all(itemId)
      .map((r) => ({ imageId: r.id, itemId: r.item_id, fileName: r.file_name, contentType: r.content_type }));
  }

  getImage(tenantId: string, itemId: string, imageId: string): { contentType: string; fileName: string; bytes: Buffer } | undefined {
    const row = this.db
      .prepare<[string, string, string], { content_type: string; file_name: string; bytes: Buffer }>(
        'SELECT g.content_type, g.file_name, g.bytes FROM classification_images g JOIN classification_items i ON i.id = g.item_id WHERE g.id = ? AND g.item_id = ? AND i.tenant_id = ?',
      )
      .get(imageId, itemId, tenantId);
    return row && { contentType: row.content_type, fileName: row.file_name, bytes: row.bytes };
  }

  deleteImage(tenantId: string, itemId: string, imageId: string, at: number): boolean {
    return this.db.transaction(() => {
      const deleted = this.db
        .prepare('DELETE FROM classification_images WHERE id = ? AND item_id = ? AND item_id IN (SELECT id FROM classification_items WHERE tenant_id = ?)')
        .run(imageId, itemId, tenantId);
      if (deleted.changes !== 1) return false;
      this.db.prepare('UPDATE classification_items SET updated_at = ? WHERE id = ?').run(at, itemId);
      return true;
    })();
  }

  /** What the engine reads besides the description: file names and PDF page text. */
  imageEvidence(itemId: string): { fileName: string; pageText: string | null }[] {
    return this.db
      .prepare<[string], { file_name: string; page_text: string | null }>('SELECT file_name, page_text FROM classification_images WHERE item_id = ? ORDER BY rowid')
      .all(itemId)
      .map((r) => ({ fileName: r.file_name, pageText: r.page_text }));
  }

  // Runs

  /** Inserts a Pending run. Call inside the transaction that took the credit and enqueues the job. */
  insertRun(itemId: string, jurisdiction: Jurisdiction, code: string | null, at: number): string {
    const id = randomUUID();
    this.db
      .prepare("INSERT INTO classification_runs (id, item_id, jurisdiction, code, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'Pending', ?, ?)")
      .run(id, itemId, jurisdiction, code, at, at);
    return id;
  }

  getRun(tenantId: string, itemId: string, runId: string): StoredRun | undefined {
    const row = this.db
      .prepare<[string, string, string], RunRow>(
        'SELECT r.* FROM classification_runs r JOIN classification_items i ON i.id = r.item_id WHERE r.id = ? AND r.item_id = ? AND i.tenant_id = ?',
      )
      .get(runId, itemId, tenantId);
    return row && toRun(row);
  }

  getRunById(runId: string): StoredRun | undefined {
    const row = this.db.prepare<[string], RunRow>('SELECT * FROM classification_runs WHERE id = ?').get(runId);
    return row && toRun(row);
  }

  markProcessing(runId: string, at: number): void {
    this.db.prepare("UPDATE classification_runs SET status = 'Processing', updated_at = ? WHERE id = ? AND status IN ('Pending', 'Processing')").run(at, runId);
  }

  /** Completes a run and records on its item whether it proposes a better code than the assigned one. */
  completeRun(run: StoredRun, result: ClassificationResult, better: boolean, at: number): void {
    this.db.transaction(() => {
      this.db.prepare("UPDATE classification_runs SET status = 'Completed', result = ?, updated_at = ? WHERE id = ?").run(JSON.stringify(result), at, run.id);
      const item = this.getItemById(run.itemId);
      if (!item) return;
      const set = new Set(item.betterJurisdictions);
      if (better) set.add(run.jurisdiction);
      else set.delete(run.jurisdiction);
      this.db.prepare('UPDATE classification_items SET better_jurisdictions = ? WHERE id = ?').run(JSON.stringify([...set].sort()), item.id);
    })();
  }

  failRun(runId: string, errorCode: string, message: string, at: number): void {
    this.db.prepare("UPDATE classification_runs SET status = 'Error', error_code = ?, message = ?, updated_at = ? WHERE id = ?").run(errorCode, message, at, runId);
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The item as the API shows it: images as identifiers (with name and type), assigned codes. */
export function itemResponse(item: StoredItem, images: ImageMeta[]): ClassificationItem {
  return {
    id: item.id,
    externalReference: item.externalReference,
    description: item.description,
    origin: item.origin,
    images: images.map((i) => ({ imageId: i.imageId, fileName: i.fileName, contentType: i.contentType })),
    assignedClassifications: item.assigned,
    hasBetterSuggestion: item.betterJurisdictions.length > 0,
    creationDate: iso(item.createdAt),
    lastUpdated: iso(item.updatedAt),
  };
}

export function runResponse(run: StoredRun): ClassificationRun {
  return {
    classificationId: run.id,
    itemId: run.itemId,
    status: run.status,
    jurisdiction: run.jurisdiction,
    ...(run.code !== null ? { code: run.code } : {}),
    ...(run.status === 'Completed' && run.result ? { result: run.result } : {}),
    ...(run.status === 'Error' ? { errorCode: run.errorCode ?? 'classification_failed', message: run.message ?? '' } : {}),
    createdAt: iso(run.createdAt),
    lastUpdated: iso(run.updatedAt),
  };
}
