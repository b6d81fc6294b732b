import { randomUUID } from 'node:crypto';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { ClassificationResult, Jurisdiction } from '../../../contract/classification.js';
import type { Engine } from '../../../server-kit/database/engine.js';
import {
  betterJurisdictionsAfter,
  ExternalReferenceInUse,
  toItem,
  toRun,
  type ImageEvidence,
  type ImageMeta,
  type ItemChanges,
  type NewItem,
  type PreparedImage,
  type SearchFilter,
  type StoredImage,
  type StoredItem,
  type StoredRun,
} from './classification-records.js';
import type { ClassificationTables } from './classification-tables.js';
import { parseReferencePattern, referenceCondition } from './reference-pattern.js';
import { isUniqueViolation } from '../../../server-kit/database/constraint-errors.js';

/**
 * Classification items, their images and their runs. Reads that name a tenant only see that
 * tenant's items; `...ById` reads are for the background worker. Methods that write several rows
 * are atomic on their own and join the caller's transaction when bound to one.
 */
export interface ClassificationRepository {
  /** Throws ExternalReferenceInUse when the tenant already has the reference. */
  createItem(tenantId: string, item: NewItem, images: PreparedImage[], at: number): Promise<StoredItem>;
  getItem(tenantId: string, id: string): Promise<StoredItem | undefined>;
  getItemByReference(tenantId: string, externalReference: string): Promise<StoredItem | undefined>;
  getItemById(id: string): Promise<StoredItem | undefined>;
  /** Bumps lastUpdated only when something changes. Throws ExternalReferenceInUse. */
  updateItem(item: StoredItem, changes: ItemChanges, at: number): Promise<StoredItem>;
  /** The item's images and runs go with it. */
  deleteItem(tenantId: string, id: string): Promise<boolean>;
  search(tenantId: string, filter: SearchFilter): Promise<StoredItem[]>;

  /** Adds images after the existing ones and bumps lastUpdated; undefined when the item is not the tenant's. */
  addImages(tenantId: string, itemId: string, images: PreparedImage[], at: number): Promise<ImageMeta[] | undefined>;
  /** In the order they were added. */
  listImages(itemId: string): Promise<ImageMeta[]>;
  getImage(tenantId: string, itemId: string, imageId: string): Promise<StoredImage | undefined>;
  /** Bumps the item's lastUpdated when an image was deleted. */
  deleteImage(tenantId: string, itemId: string, imageId: string, at: number): Promise<boolean>;
  /** File names and PDF page text, in the order the images were added. */
  imageEvidence(itemId: string): Promise<ImageEvidence[]>;

  /** A Pending run; its id. */
  insertRun(itemId: string, jurisdiction: Jurisdiction, code: string | null, at: number): Promise<string>;
  getRun(tenantId: string, itemId: string, runId: string): Promise<StoredRun | undefined>;
  getRunById(runId: string): Promise<StoredRun | undefined>;
  /** The item's runs, oldest first. */
  listRuns(itemId: string): Promise<StoredRun[]>;
  /** Pending (or already Processing, after a restart) to Processing; finished runs stay as they are. */
  markProcessing(runId: string, at: number): Promise<void>;
  /** Completes the run and records on its item whether the run proposes a better code than the assigned one. */
  completeRun(run: StoredRun, result: ClassificationResult, better: boolean, at: number): Promise<void>;
  failRun(runId: string, errorCode: string, message: string, at: number): Promise<void>;
}

type Db = Kysely<ClassificationTables>;

export class KyselyClassificationRepository implements ClassificationRepository {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  /** Runs `work` in a transaction of its own, or in the caller's when bound to one. */
  private atomically<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  private async withReference<T>(externalReference: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ExternalReferenceInUse(externalReference);
      throw err;
    }
  }

  async createItem(tenantId: string, item: NewItem, images: PreparedImage[], at: number): Promise<StoredItem> {
    const id = randomUUID();
    const row = await this.withReference(item.externalReference, () =>
      this.atomically(async (db) => {
        const created = await db
          .insertInto('classification_items')
          .values({
            id,
            tenant_id: tenantId,
            external_reference: item.externalReference,
            description: item.description,
            origin: item.origin,
            assigned: JSON.stringify(item.assigned),
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await insertImages(db, id, images, 0, at);
        return created;
      }),
    );
    return toItem(row);
  }

  async getItem(tenantId: string, id: string): Promise<StoredItem | undefined> {
    const row = await this.db
      .selectFrom('classification_items')
      .selectAll()
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row && toItem(row);
  }

  async getItemByReference(tenantId: string, externalReference: string): Promise<StoredItem | undefined> {
    const row = await this.db
      .selectFrom('classification_items')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('external_reference', '=', externalReference)
      .executeTakeFirst();
    return row && toItem(row);
  }

  async getItemById(id: string): Promise<StoredItem | undefined> {
    const row = await this.db.selectFrom('classification_items').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toItem(row);
  }

  async updateItem(item: StoredItem, changes: ItemChanges, at: number): Promise<StoredItem> {
    const next = {
      externalReference: changes.externalReference ?? item.externalReference,
      description: changes.description !== undefined ? changes.description : item.description,
      origin: changes.origin !== undefined ? changes.origin : item.origin,
    };
    const changed =
      next.externalReference !== item.externalReference || next.description !== item.description || next.origin !== item.origin;
    if (!changed) return item;
    const row = await this.withReference(next.externalReference, () =>
      this.db
        .updateTable('classification_items')
        .set({ external_reference: next.externalReference, description: next.description, origin: next.origin, updated_at: at })
        .where('id', '=', item.id)
        .where('tenant_id', '=', item.tenantId)
        .returningAll()
        .executeTakeFirst(),
    );
    return row ? toItem(row) : item;
  }

  async deleteItem(tenantId: string, id: string): Promise<boolean> {
    const { numDeletedRows } = await this.db
      .deleteFrom('classification_items')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return numDeletedRows === 1n;
  }

  async search(tenantId: string, f: SearchFilter): Promise<StoredItem[]> {
    const rows = await this.db
      .selectFrom('classification_items')
      .selectAll()
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [eb('tenant_id', '=', tenantId)];
        if (f.externalReference !== undefined) conditions.push(referenceCondition(parseReferencePattern(f.externalReference), this.engine));
        if (f.creationDateFrom !== undefined) conditions.push(eb('created_at', '>=', f.creationDateFrom));
        if (f.creationDateTo !== undefined) conditions.push(eb('created_at', '<=', f.creationDateTo));
        if (f.lastUpdatedFrom !== undefined) conditions.push(eb('updated_at', '>=', f.lastUpdatedFrom));
        if (f.lastUpdatedTo !== undefined) conditions.push(eb('updated_at', '<=', f.lastUpdatedTo));
        if (f.hasBetterSuggestion !== undefined) conditions.push(eb('better_jurisdictions', f.hasBetterSuggestion ? '<>' : '=', '[]'));
        return eb.and(conditions);
      })
      .orderBy('created_at')
      .orderBy('id')
      .limit(f.limit)
      .offset(f.offset)
      .execute();
    return rows.map(toItem);
  }

  // Images

  addImages(tenantId: string, itemId: string, images: PreparedImage[], at: number): Promise<ImageMeta[] | undefined> {
    return this.atomically(async (db) => {
      // Touching the item first also locks it (PostgreSQL), so concurrent uploads take positions one after the other.
      const touched = await db
        .updateTable('classification_items')
        .set({ updated_at: at })
        .where('id', '=', itemId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (touched.numUpdatedRows !== 1n) return undefined;
      const { last } = await db
        .selectFrom('classification_images')
        .select((eb) => eb.fn.max('position').as('last'))
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow();
      return insertImages(db, itemId, images, last === null ? 0 : last + 1, at);
    });
  }

  async listImages(itemId: string): Promise<ImageMeta[]> {
    const rows = await this.db
      .selectFrom('classification_images')
      .select(['id', 'item_id', 'file_name', 'content_type'])
      .where('item_id', '=', itemId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ imageId: r.id, itemId: r.item_id, fileName: r.file_name, contentType: r.content_type }));
  }

  async getImage(tenantId: string, itemId: string, imageId: string): Promise<StoredImage | undefined> {
    const row = await this.db
      .selectFrom('classification_images as g')
      .innerJoin('classification_items as i', 'i.id', 'g.item_id')
      .select(['g.file_name', 'g.content_type', 'g.bytes'])
      .where('g.id', '=', imageId)
      .where('g.item_id', '=', itemId)
      .where('i.tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row && { fileName: row.file_name, contentType: row.content_type, bytes: row.bytes };
  }

  deleteImage(tenantId: string, itemId: string, imageId: string, at: number): Promise<boolean> {
    return this.atomically(async (db) => {
      const deleted = await db
        .deleteFrom('classification_images')
        .where('id', '=', imageId)
        .where('item_id', '=', itemId)
        .where('item_id', 'in', (eb) => eb.selectFrom('classification_items').select('id').where('tenant_id', '=', tenantId))
        .executeTakeFirst();
      if (deleted.numDeletedRows !== 1n) return false;
      await db.updateTable('classification_items').set({ updated_at: at }).where('id', '=', itemId).execute();
      return true;
    });
  }

  async imageEvidence(itemId: string): Promise<ImageEvidence[]> {
    const rows = await this.db
      .selectFrom('classification_images')
      .select(['file_name', 'page_text'])
      .where('item_id', '=', itemId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ fileName: r.file_name, pageText: r.page_text }));
  }

  // Runs

  async insertRun(itemId: string, jurisdiction: Jurisdiction, code: string | null, at: number): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('classification_runs')
      .values({ id, item_id: itemId, jurisdiction, code, status: 'Pending', created_at: at, updated_at: at })
      .execute();
    return id;
  }

  async getRun(tenantId: string, itemId: string, runId: string): Promise<StoredRun | undefined> {
    const row = await this.db
      .selectFrom('classification_runs as r')
      .innerJoin('classification_items as i', 'i.id', 'r.item_id')
      .selectAll('r')
      .where('r.id', '=', runId)
      .where('r.item_id', '=', itemId)
      .where('i.tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row && toRun(row);
  }

  async getRunById(runId: string): Promise<StoredRun | undefined> {
    const row = await this.db.selectFrom('classification_runs').selectAll().where('id', '=', runId).executeTakeFirst();
    return row && toRun(row);
  }

  async listRuns(itemId: string): Promise<StoredRun[]> {
    const rows = await this.db
      .selectFrom('classification_runs')
      .selectAll()
      .where('item_id', '=', itemId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toRun);
  }

  async markProcessing(runId: string, at: number): Promise<void> {
    await this.db
      .updateTable('classification_runs')
      .set({ status: 'Processing', updated_at: at })
      .where('id', '=', runId)
      .where('status', 'in', ['Pending', 'Processing'])
      .execute();
  }

  completeRun(run: StoredRun, result: ClassificationResult, better: boolean, at: number): Promise<void> {
    return this.atomically(async (db) => {
      await db
        .updateTable('classification_runs')
        .set({ status: 'Completed', result: JSON.stringify(result), updated_at: at })
        .where('id', '=', run.id)
        .execute();
      // Locked on PostgreSQL: two runs of one item completing together must not lose each other's jurisdiction (SQLite has one writer).
      const item = await db
        .selectFrom('classification_items')
        .select('better_jurisdictions')
        .where('id', '=', run.itemId)
        .$if(this.engine === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
      if (!item) return;
      await db
        .updateTable('classification_items')
        .set({ better_jurisdictions: betterJurisdictionsAfter(item.better_jurisdictions, run.jurisdiction, better) })
        .where('id', '=', run.itemId)
        .execute();
    });
  }

  async failRun(runId: string, errorCode: string, message: string, at: number): Promise<void> {
    await this.db
      .updateTable('classification_runs')
      .set({ status: 'Error', error_code: errorCode, message, updated_at: at })
      .where('id', '=', runId)
      .execute();
  }
}

async function insertImages(db: Db, itemId: string, images: PreparedImage[], firstPosition: number, at: number): Promise<ImageMeta[]> {
  const rows = images.map((img, i) => ({
    id: randomUUID(),
    item_id: itemId,
    position: firstPosition + i,
    file_name: img.fileName,
    content_type: img.contentType,
    bytes: img.bytes,
    page_text: img.pageText ?? null,
    created_at: at,
  }));
  if (rows.length > 0) await db.insertInto('classification_images').values(rows).execute();
  return rows.map((r) => ({ imageId: r.id, itemId, fileName: r.file_name, contentType: r.content_type }));
}
