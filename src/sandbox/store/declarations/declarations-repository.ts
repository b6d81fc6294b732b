import { sql, type Kysely, type Updateable } from 'kysely';
import type { Engine } from '../../../server-kit/database/engine.js';
import type { DeclarationError, DeclarationSearchQuery, DeclarationSummary } from '../../../contract/declarations.js';
import { inBatches } from './batches.js';
import type {
  DeclarationRecord,
  DerivedColumns,
  GoodsItemDocument,
  JsonObject,
  NewDeclarationWithItems,
  RestartFields,
  StatusChangeOptions,
  StoredGoodsItem,
} from './declaration-record.js';
import { itemRows, toItem, toRecord, toRow } from './declaration-rows.js';
import { searchDeclarations } from './declaration-search.js';
import type { DeclarationsTable, DeclarationsTables } from './declarations-tables.js';

/**
 * Declarations and their goods items. Writes publish nothing: the declarations part publishes
 * the events of a change in the same store transaction. Timestamps (`at`) come from the caller's
 * clock. Methods that read and then write (setHeaderField) belong inside a transaction.
 */
export interface DeclarationsRepository {
  /**
   * Inserts declarations with their goods items (the seed and benchmarks insert many at once). A
   * bulk load refreshes the planner's statistics, so search picks its indexes at once rather than
   * after the next automatic analysis.
   */
  insert(entries: readonly NewDeclarationWithItems[]): Promise<void>;
  /** Any tenant's declaration (background jobs). */
  getById(id: string): Promise<DeclarationRecord | undefined>;
  /**
   * getById for a read-check-write: on PostgreSQL the row stays locked until the transaction
   * ends, so two processes changing one declaration take turns (SQLite has one writer anyway).
   */
  lockById(id: string): Promise<DeclarationRecord | undefined>;
  /** The tenant's declaration; another tenant's is as absent as a missing one. */
  get(tenantId: string, id: string): Promise<DeclarationRecord | undefined>;
  /** The declarations of a customs shipment, in creation order. */
  byShipment(shipmentId: string): Promise<DeclarationRecord[]>;
  /** Goods items in document order. */
  items(declarationId: string): Promise<StoredGoodsItem[]>;
  /** One goods item and its 1-based position. */
  item(declarationId: string, itemId: string): Promise<{ item: StoredGoodsItem; sequenceNumber: number } | undefined>;
  search(tenantId: string, query: DeclarationSearchQuery): Promise<DeclarationSummary[]>;
  /** How many declarations the tenant has. */
  count(tenantId: string): Promise<number>;
  /** Replaces the document (header and goods items) and the search columns derived from it. */
  saveDocument(id: string, header: JsonObject, items: readonly GoodsItemDocument[], derived: DerivedColumns, at: string): Promise<void>;
  /** A restarted flow (Replace, changed Upsert): new placement and LRN; MRN, ARC, acceptance and errors cleared. */
  restart(id: string, fields: RestartFields, at: string): Promise<void>;
  /** Replaces the errors (and hasErrors) without a status change. */
  setErrors(id: string, errors: readonly DeclarationError[], at: string): Promise<void>;
  /** Sets one top-level field of the header (Goods Arrived's addDeclType, the EMCS movement state). */
  setHeaderField(id: string, field: string, value: unknown, at: string): Promise<void>;
  /** Sets the status and what the options name; the declaration as it is now, undefined when absent. */
  updateStatus(id: string, status: string, options: StatusChangeOptions, at: string): Promise<DeclarationRecord | undefined>;
}

/** Inserts of at least this many declarations count as a bulk load. */
const BULK_LOAD = 10_000;

export function declarationsRepository(db: Kysely<DeclarationsTables>, engine: Engine): DeclarationsRepository {
  const byId = (id: string) => db.selectFrom('declarations').selectAll().where('id', '=', id);
  const lockById = async (id: string): Promise<DeclarationRecord | undefined> => {
    const row = await byId(id)
      .$if(engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    return row && toRecord(row);
  };
  const writeItems = async (declarationId: string, items: readonly GoodsItemDocument[]): Promise<void> => {
    for (const batch of inBatches(itemRows(declarationId, items), 5)) await db.insertInto('goods_items').values(batch).execute();
  };

  return {
    async insert(entries) {
      for (const batch of inBatches(entries, 25))
        await db
          .insertInto('declarations')
          .values(batch.map((e) => toRow(e.declaration)))
          .execute();
      for (const e of entries) await writeItems(e.declaration.id, e.items);
      if (entries.length >= BULK_LOAD) await sql`ANALYZE declarations`.execute(db);
    },

    async getById(id) {
      const row = await byId(id).executeTakeFirst();
      return row && toRecord(row);
    },

    lockById,

    async get(tenantId, id) {
      const row = await byId(id).where('tenant_id', '=', tenantId).executeTakeFirst();
      return row && toRecord(row);
    },

    async byShipment(shipmentId) {
      const rows = await db.selectFrom('declarations').selectAll().where('shipment_id', '=', shipmentId).orderBy('seq').execute();
      return rows.map(toRecord);
    },

    async items(declarationId) {
      const rows = await db
        .selectFrom('goods_items')
        .select(['item_id', 'cas_reference', 'data'])
        .where('declaration_id', '=', declarationId)
        .orderBy('position')
        .execute();
      return rows.map(toItem);
    },

    async item(declarationId, itemId) {
      const row = await db
        .selectFrom('goods_items as g')
        .select(['g.item_id', 'g.cas_reference', 'g.data'])
        .select((eb) =>
          eb
            .selectFrom('goods_items as o')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('o.declaration_id', '=', 'g.declaration_id')
            .whereRef('o.position', '<', 'g.position')
            .as('before'),
        )
        .where('g.declaration_id', '=', declarationId)
        .where('g.item_id', '=', itemId)
        .executeTakeFirst();
      return row && { item: toItem(row), sequenceNumber: Number(row.before ?? 0) + 1 };
    },

    search: (tenantId, query) => searchDeclarations(db, tenantId, query),

    async count(tenantId) {
      const row = await db
        .selectFrom('declarations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async saveDocument(id, header, items, derived, at) {
      await db
        .updateTable('declarations')
        .set({ header: JSON.stringify(header), ucr: derived.ucr, ship_from: derived.shipFrom, ship_to: derived.shipTo, last_updated: at })
        .where('id', '=', id)
        .execute();
      await db.deleteFrom('goods_items').where('declaration_id', '=', id).execute();
      await writeItems(id, items);
    },

    async restart(id, fields, at) {
      await db
        .updateTable('declarations')
        .set({
          customs_flow: fields.customsFlow,
          customs_flow_step: fields.customsFlowStep,
          jurisdiction: fields.jurisdiction,
          storage_location: fields.storageLocation,
          lrn: fields.lrn,
          mrn: null,
          arc: null,
          declaration_date: null,
          errors: '[]',
          has_errors: 0,
          last_updated: at,
        })
        .where('id', '=', id)
        .execute();
    },

    async setErrors(id, errors, at) {
      await db
        .updateTable('declarations')
        .set({ errors: JSON.stringify(errors), has_errors: errors.length > 0 ? 1 : 0, last_updated: at })
        .where('id', '=', id)
        .execute();
    },

    async setHeaderField(id, field, value, at) {
      const d = await lockById(id);
      if (!d) throw new Error(`declaration ${id} not found`);
      await db
        .updateTable('declarations')
        .set({ header: JSON.stringify({ ...d.header, [field]: value }), last_updated: at })
        .where('id', '=', id)
        .execute();
    },

    async updateStatus(id, status, options, at) {
      const set: Updateable<DeclarationsTable> = { current_status: status, last_updated: at };
      if (options.errors) Object.assign(set, { errors: JSON.stringify(options.errors), has_errors: options.errors.length > 0 ? 1 : 0 });
      if (options.mrn !== undefined) set.mrn = options.mrn;
      if (options.arc !== undefined) set.arc = options.arc;
      if (options.declarationDate !== undefined) set.declaration_date = options.declarationDate;
      const row = await db
        .updateTable('declarations')
        .set((eb) => (options.newSubmission ? { ...set, submission: eb('submission', '+', 1) } : set))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toRecord(row);
    },
  };
}
