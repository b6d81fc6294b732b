import { z } from 'zod';
import type { Direction } from '../../contract/customs-shipment.js';
import {
  declarationErrorSchema,
  type Attachment,
  type DeclarationError,
  type DeclarationEventData,
  type DeclarationSearchQuery,
  type DeclarationSummary,
} from '../../contract/declarations.js';
import type { EventBus } from '../events/event-bus.js';
import { counterSchemaDdl } from '../flows/identifiers.js';
import type { Db, SchemaPart } from '../store/db.js';

/**
 * Declarations and their goods items: persistence, search, status changes with their events.
 * Other sandbox parts (declaration actions, EMCS, documents) use this module through
 * `declarationServices(ctx).store` (declarations/declaration-services.ts).
 *
 * Rules kept here:
 * - `updateStatus` changes the status and publishes DeclarationStatusChanged in one transaction;
 *   nothing else publishes that event.
 * - Searchable fields are real columns with indexes; the document (singleAdministrativeDocument
 *   without its goods items) and the items are JSON per row and never scanned by search.
 */
export const declarationsSchema: SchemaPart = {
  name: 'declarations',
  ddl: `CREATE TABLE IF NOT EXISTS customs_shipments (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    external_reference TEXT NOT NULL,
    direction TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (tenant_id, external_reference, direction)
  );
  CREATE TABLE IF NOT EXISTS declarations (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    shipment_id TEXT NOT NULL,
    current_status TEXT NOT NULL,
    mrn TEXT,
    lrn TEXT NOT NULL UNIQUE,
    arc TEXT,
    ucr TEXT,
    external_reference TEXT NOT NULL,
    direction TEXT NOT NULL,
    customs_flow TEXT NOT NULL,
    customs_flow_step TEXT NOT NULL,
    step_instance_count INTEGER NOT NULL DEFAULT 1,
    step_instance_seq INTEGER NOT NULL DEFAULT 1,
    jurisdiction TEXT NOT NULL,
    storage_location TEXT,
    ship_from TEXT,
    ship_to TEXT,
    declaration_date TEXT,
    creation_date TEXT NOT NULL,
    last_updated TEXT NOT NULL,
    has_errors INTEGER NOT NULL DEFAULT 0,
    errors TEXT NOT NULL DEFAULT '[]',
    header TEXT NOT NULL,
    submission INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX IF NOT EXISTS declarations_by_creation ON declarations (tenant_id, creation_date DESC, id);
  CREATE INDEX IF NOT EXISTS declarations_by_status ON declarations (tenant_id, current_status, creation_date DESC, id);
  CREATE INDEX IF NOT EXISTS declarations_by_jurisdiction ON declarations (tenant_id, jurisdiction, creation_date DESC, id);
  CREATE INDEX IF NOT EXISTS declarations_by_flow ON declarations (tenant_id, customs_flow, customs_flow_step);
  CREATE INDEX IF NOT EXISTS declarations_by_external_reference ON declarations (tenant_id, external_reference);
  CREATE INDEX IF NOT EXISTS declarations_by_mrn ON declarations (tenant_id, mrn);
  CREATE INDEX IF NOT EXISTS declarations_by_lrn ON declarations (tenant_id, lrn);
  CREATE INDEX IF NOT EXISTS declarations_by_arc ON declarations (tenant_id, arc);
  CREATE INDEX IF NOT EXISTS declarations_by_ucr ON declarations (tenant_id, ucr);
  DROP INDEX IF EXISTS declarations_by_storage_location;
  CREATE INDEX IF NOT EXISTS declarations_by_location ON declarations (tenant_id, storage_location, creation_date DESC, id);
  CREATE INDEX IF NOT EXISTS declarations_by_last_updated ON declarations (tenant_id, last_updated);
  CREATE INDEX IF NOT EXISTS declarations_by_declaration_date ON declarations (tenant_id, declaration_date);
  CREATE INDEX IF NOT EXISTS declarations_by_shipment ON declarations (shipment_id);
  CREATE TABLE IF NOT EXISTS goods_items (
    declaration_id TEXT NOT NULL REFERENCES declarations (id) ON DELETE CASCADE,
    item_id TEXT NOT NULL,
    cas_reference TEXT NOT NULL,
    position INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (declaration_id, item_id)
  );
  CREATE INDEX IF NOT EXISTS goods_items_in_order ON goods_items (declaration_id, position);
  ${counterSchemaDdl}`,
  resetTables: ['goods_items', 'declarations', 'customs_shipments', 'declaration_counters'],
};

export type JsonObject = Record<string, unknown>;
const jsonObjectSchema = z.record(z.string(), z.unknown());
export const parseJsonObject = (text: string): JsonObject => jsonObjectSchema.parse(JSON.parse(text));
const errorsSchema = z.array(declarationErrorSchema);

/** Attachments of a declaration: the documents part (ctx.documents.store) is their one source. */
export type AttachmentLister = (tenantId: string, declarationId: string) => readonly Pick<Attachment, 'id' | 'documentType' | 'fileName'>[];

export interface DeclarationRecord {
  id: string;
  tenantId: string;
  shipmentId: string;
  status: string;
  mrn: string | null;
  lrn: string;
  arc: string | null;
  ucr: string | null;
  externalReference: string;
  direction: Direction;
  customsFlow: string;
  customsFlowStep: string;
  stepInstanceCount: number;
  stepInstanceSeq: number;
  jurisdiction: string;
  storageLocation: string | null;
  shipFrom: string | null;
  shipTo: string | null;
  /** Acceptance date (set when customs accepts). */
  declarationDate: string | null;
  creationDate: string;
  lastUpdated: string;
  errors: DeclarationError[];
  /** singleAdministrativeDocument without goodsShipment.governmentAgencyGoodsItems. */
  header: JsonObject;
  /** Number of submissions to customs so far (customs responses carry it, stale ones are ignored). */
  submission: number;
}

export interface StoredGoodsItem {
  id: string;
  casReference: string;
  data: JsonObject;
}

interface DeclarationRow {
  id: string;
  tenant_id: string;
  shipment_id: string;
  current_status: string;
  mrn: string | null;
  lrn: string;
  arc: string | null;
  ucr: string | null;
  external_reference: string;
  direction: string;
  customs_flow: string;
  customs_flow_step: string;
  step_instance_count: number;
  step_instance_seq: number;
  jurisdiction: string;
  storage_location: string | null;
  ship_from: string | null;
  ship_to: string | null;
  declaration_date: string | null;
  creation_date: string;
  last_updated: string;
  has_errors: number;
  errors: string;
  header: string;
  submission: number;
}

type SummaryRow = Omit<DeclarationRow, 'errors' | 'header' | 'tenant_id' | 'shipment_id' | 'submission' | 'step_instance_count' | 'step_instance_seq'>;

const SUMMARY_COLUMNS =
  'id, current_status, mrn, lrn, arc, ucr, external_reference, direction, customs_flow, customs_flow_step, jurisdiction, storage_location, ship_from, ship_to, has_errors, declaration_date, creation_date, last_updated';

const toDirection = (d: string): Direction => (d === 'OUT' ? 'OUT' : 'IN');

function toRecord(r: DeclarationRow): DeclarationRecord {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    shipmentId: r.shipment_id,
    status: r.current_status,
    mrn: r.mrn,
    lrn: r.lrn,
    arc: r.arc,
    ucr: r.ucr,
    externalReference: r.external_reference,
    direction: toDirection(r.direction),
    customsFlow: r.customs_flow,
    customsFlowStep: r.customs_flow_step,
    stepInstanceCount: r.step_instance_count,
    stepInstanceSeq: r.step_instance_seq,
    jurisdiction: r.jurisdiction,
    storageLocation: r.storage_location,
    shipFrom: r.ship_from,
    shipTo: r.ship_to,
    declarationDate: r.declaration_date,
    creationDate: r.creation_date,
    lastUpdated: r.last_updated,
    errors: errorsSchema.parse(JSON.parse(r.errors)),
    header: parseJsonObject(r.header),
    submission: r.submission,
  };
}

function toSummary(r: SummaryRow): DeclarationSummary {
  return {
    declarationId: r.id,
    currentStatus: r.current_status,
    mrn: r.mrn,
    lrn: r.lrn,
    arc: r.arc,
    ucr: r.ucr,
    externalReference: r.external_reference,
    direction: toDirection(r.direction),
    customsFlow: r.customs_flow,
    customsFlowStep: r.customs_flow_step,
    jurisdiction: r.jurisdiction,
    storageLocation: r.storage_location,
    shipFrom: r.ship_from,
    shipTo: r.ship_to,
    hasErrors: r.has_errors === 1,
    declarationDate: r.declaration_date,
    creationDate: r.creation_date,
    lastUpdated: r.last_updated,
  };
}

/** A query datetime (date-time with or without offset, or a plain date) as a UTC ISO string; a plain date as "to" means the end of that day. */
export function queryInstant(value: string, end: boolean): { iso: string; exclusive: boolean } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    if (!end) return { iso: start.toISOString(), exclusive: false };
    return { iso: new Date(start.getTime() + 86_400_000).toISOString(), exclusive: true };
  }
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  return { iso: new Date(withZone).toISOString(), exclusive: false };
}

export interface StatusChangeOptions {
  /** Replaces the errors (and hasErrors). */
  errors?: DeclarationError[];
  mrn?: string | null;
  arc?: string | null;
  declarationDate?: string | null;
  /** Increments the submission counter (Submitted). */
  newSubmission?: boolean;
}

export interface NewDeclaration extends Omit<DeclarationRecord, 'lastUpdated' | 'errors' | 'submission'> {
  errors?: DeclarationError[];
  submission?: number;
  lastUpdated?: string;
}

export class DeclarationStore {
  private readonly insertDeclarationStmt;
  private readonly insertItemStmt;
  private readonly getStmt;
  private readonly itemsStmt;
  private readonly updateStatusStmt;
  private readonly byShipmentStmt;
  private readonly saveHeaderStmt;
  private readonly deleteItemsStmt;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly publicUrl: string,
    private readonly now: () => Date,
    private readonly listAttachments: AttachmentLister = () => [],
  ) {
    this.insertDeclarationStmt = db.prepare(
      `INSERT INTO declarations (id, tenant_id, shipment_id, current_status, mrn, lrn, arc, ucr, external_reference, direction, customs_flow, customs_flow_step,
        step_instance_count, step_instance_seq, jurisdiction, storage_location, ship_from, ship_to, declaration_date, creation_date, last_updated, has_errors, errors, header, submission)
       VALUES (@id, @tenantId, @shipmentId, @status, @mrn, @lrn, @arc, @ucr, @externalReference, @direction, @customsFlow, @customsFlowStep,
        @stepInstanceCount, @stepInstanceSeq, @jurisdiction, @storageLocation, @shipFrom, @shipTo, @declarationDate, @creationDate, @lastUpdated, @hasErrors, @errors, @header, @submission)`,
    );
    this.insertItemStmt = db.prepare('INSERT INTO goods_items (declaration_id, item_id, cas_reference, position, data) VALUES (?, ?, ?, ?, ?)');
    this.getStmt = db.prepare<[string], DeclarationRow>('SELECT * FROM declarations WHERE id = ?');
    this.itemsStmt = db.prepare<[string], { item_id: string; cas_reference: string; data: string }>(
      'SELECT item_id, cas_reference, data FROM goods_items WHERE declaration_id = ? ORDER BY position',
    );
    this.updateStatusStmt = db.prepare(
      `UPDATE declarations SET current_status = @status, last_updated = @now,
        errors = CASE WHEN @setErrors = 1 THEN @errors ELSE errors END,
        has_errors = CASE WHEN @setErrors = 1 THEN @hasErrors ELSE has_errors END,
        mrn = CASE WHEN @setMrn = 1 THEN @mrn ELSE mrn END,
        arc = CASE WHEN @setArc = 1 THEN @arc ELSE arc END,
        declaration_date = CASE WHEN @setDeclarationDate = 1 THEN @declarationDate ELSE declaration_date END,
        submission = submission + @inc
       WHERE id = @id`,
    );
    this.byShipmentStmt = db.prepare<[string], DeclarationRow>('SELECT * FROM declarations WHERE shipment_id = ? ORDER BY seq');
    this.saveHeaderStmt = db.prepare('UPDATE declarations SET header = ?, ucr = ?, ship_from = ?, ship_to = ?, last_updated = ? WHERE id = ?');
    this.deleteItemsStmt = db.prepare('DELETE FROM goods_items WHERE declaration_id = ?');
  }

  declarationUrl(id: string): string {
    return `${this.publicUrl}/v1/declarations/${id}`;
  }

  /** Inserts a declaration and its items. Publishes nothing (callers decide; the seed must not publish). */
  insert(d: NewDeclaration, items: readonly StoredGoodsItem[]): void {
    const errors = d.errors ?? [];
    this.db.transaction(() => {
      this.insertDeclarationStmt.run({
        ...d,
        lastUpdated: d.lastUpdated ?? d.creationDate,
        hasErrors: errors.length > 0 ? 1 : 0,
        errors: JSON.stringify(errors),
        header: JSON.stringify(d.header),
        submission: d.submission ?? 0,
      });
      this.writeItems(d.id, items);
    })();
  }

  private writeItems(declarationId: string, items: readonly StoredGoodsItem[]): void {
    items.forEach((item, i) => this.insertItemStmt.run(declarationId, item.id, item.casReference, i + 1, JSON.stringify(item.data)));
  }

  /** Any tenant's declaration (background jobs). */
  getById(id: string): DeclarationRecord | undefined {
    const row = this.getStmt.get(id);
    return row && toRecord(row);
  }

  /** The tenant's declaration; another tenant's is as absent as a missing one. */
  get(tenantId: string, id: string): DeclarationRecord | undefined {
    const d = this.getById(id);
    return d?.tenantId === tenantId ? d : undefined;
  }

  items(declarationId: string): StoredGoodsItem[] {
    return this.itemsStmt.all(declarationId).map((r) => ({ id: r.item_id, casReference: r.cas_reference, data: parseJsonObject(r.data) }));
  }

  item(declarationId: string, itemId: string): { item: StoredGoodsItem; sequenceNumber: number } | undefined {
    const row = this.db
      .prepare<[string, string], { item_id: string; cas_reference: string; data: string; position: number }>(
        'SELECT item_id, cas_reference, data, position FROM goods_items WHERE declaration_id = ? AND item_id = ?',
      )
      .get(declarationId, itemId);
    if (!row) return undefined;
    const before = this.db.prepare<[string, number], { n: number }>('SELECT COUNT(*) AS n FROM goods_items WHERE declaration_id = ? AND position < ?').get(declarationId, row.position)?.n ?? 0;
    return { item: { id: row.item_id, casReference: row.cas_reference, data: parseJsonObject(row.data) }, sequenceNumber: before + 1 };
  }

  byShipment(shipmentId: string): DeclarationRecord[] {
    return this.byShipmentStmt.all(shipmentId).map(toRecord);
  }

  /** Replaces the document (header and goods items) and derived search columns. No event. */
  saveDocument(id: string, header: JsonObject, items: readonly StoredGoodsItem[], derived: { ucr: string | null; shipFrom: string | null; shipTo: string | null }): void {
    this.db.transaction(() => {
      this.saveHeaderStmt.run(JSON.stringify(header), derived.ucr, derived.shipFrom, derived.shipTo, this.now().toISOString(), id);
      this.deleteItemsStmt.run(id);
      this.writeItems(id, items);
    })();
  }

  /** Replaces flow placement and identifiers when a flow restarts (Replace, changed Upsert). No event. */
  restart(id: string, fields: { customsFlow: string; customsFlowStep: string; jurisdiction: string; storageLocation: string | null; lrn: string }): void {
    this.db
      .prepare("UPDATE declarations SET customs_flow = ?, customs_flow_step = ?, jurisdiction = ?, storage_location = ?, lrn = ?, mrn = NULL, arc = NULL, declaration_date = NULL, errors = '[]', has_errors = 0, last_updated = ? WHERE id = ?")
      .run(fields.customsFlow, fields.customsFlowStep, fields.jurisdiction, fields.storageLocation, fields.lrn, this.now().toISOString(), id);
  }

  /** Replaces the errors without a status change (and without an event). */
  setErrors(id: string, errors: readonly DeclarationError[]): void {
    this.db
      .prepare('UPDATE declarations SET errors = ?, has_errors = ?, last_updated = ? WHERE id = ?')
      .run(JSON.stringify(errors), errors.length > 0 ? 1 : 0, this.now().toISOString(), id);
  }

  /** Sets the header field addDeclType (Goods Arrived: D becomes A). No event. */
  setHeaderField(id: string, field: string, value: unknown): void {
    this.db.transaction(() => {
      const d = this.getById(id);
      if (!d) throw new Error(`declaration ${id} not found`);
      this.db.prepare('UPDATE declarations SET header = ?, last_updated = ? WHERE id = ?').run(JSON.stringify({ ...d.header, [field]: value }), this.now().toISOString(), id);
    })();
  }

  /**
   * Changes the status and publishes DeclarationStatusChanged (subtype = the new status) in one
   * transaction. Options also set errors, MRN, ARC and the acceptance date. When the status does
   * not change, only the options are applied and no event is published.
   */
  updateStatus(id: string, status: string, options: StatusChangeOptions = {}): DeclarationRecord {
    return this.db.transaction(() => {
      const before = this.getById(id);
      if (!before) throw new Error(`declaration ${id} not found`);
      this.updateStatusStmt.run({
        id,
        status,
        now: this.now().toISOString(),
        setErrors: options.errors ? 1 : 0,
        errors: JSON.stringify(options.errors ?? []),
        hasErrors: options.errors?.length ? 1 : 0,
        setMrn: options.mrn !== undefined ? 1 : 0,
        mrn: options.mrn ?? null,
        setArc: options.arc !== undefined ? 1 : 0,
        arc: options.arc ?? null,
        setDeclarationDate: options.declarationDate !== undefined ? 1 : 0,
        declarationDate: options.declarationDate ?? null,
        inc: options.newSubmission ? 1 : 0,
      });
      const after = this.getById(id);
      if (!after) throw new Error(`declaration ${id} vanished`);
      if (before.status !== status) this.publishStatusChanged(after);
      return after;
    })();
  }

  /** Publishes DeclarationStatusChanged for the declaration as it is (also used when a declaration is created). */
  publishStatusChanged(d: DeclarationRecord): void {
    this.events.publish({ tenantId: d.tenantId, eventType: 'DeclarationStatusChanged', eventSubType: d.status, data: { ...this.eventData(d), currentStatus: d.status } });
  }

  /**
   * DeclarationActionFinished with the declaration event data plus action, reason and
   * errorDescriptions; `extra` adds fields such as the excise sequenceNumber (service-facts 2.2).
   */
  publishActionFinished(d: DeclarationRecord, subType: string, action: string, reason?: string, extra: JsonObject = {}): void {
    const data: JsonObject = { ...this.eventData(d), action };
    if (reason) Object.assign(data, { reason, errorDescriptions: [reason] });
    Object.assign(data, extra);
    this.events.publish({ tenantId: d.tenantId, eventType: 'DeclarationActionFinished', eventSubType: subType, data });
  }

  /** Declaration event data (specification, Events) plus the service-facts 3.2 extras. */
  eventData(d: DeclarationRecord): DeclarationEventData & JsonObject {
    return {
      id: d.id,
      customsShipmentReference: d.externalReference,
      traderReference: d.externalReference,
      jurisdiction: d.jurisdiction,
      customsFlow: d.customsFlow,
      customsFlowStep: d.customsFlowStep,
      customsFlowStepInstanceCount: d.stepInstanceCount,
      customsFlowStepInstanceSeq: d.stepInstanceSeq,
      mrn: d.mrn,
      lrn: d.lrn,
      arc: d.arc,
      declarationUrl: this.declarationUrl(d.id),
      acceptanceDate: d.declarationDate,
      storageLocation: d.storageLocation,
    };
  }

  summary(d: DeclarationRecord): DeclarationSummary {
    const { id, status, errors, tenantId: _tenant, shipmentId: _shipment, header: _header, submission: _submission, stepInstanceCount: _count, stepInstanceSeq: _seq, ...fields } = d;
    return { declarationId: id, currentStatus: status, hasErrors: errors.length > 0, ...fields };
  }

  /** GET /v1/declarations/{id} body: summary, flow placement, the document with its items; errors and attachments only when asked. */
  resource(d: DeclarationRecord, include: readonly string[]): JsonObject {
    const items = this.items(d.id);
    const goodsShipment = jsonObjectSchema.safeParse(d.header.goodsShipment);
    const body: JsonObject = {
      ...this.summary(d),
      customsShipmentReference: d.externalReference,
      customsFlowStepInstanceCount: d.stepInstanceCount,
      customsFlowStepInstanceSeq: d.stepInstanceSeq,
      singleAdministrativeDocument: {
        ...d.header,
        goodsShipment: { ...(goodsShipment.success ? goodsShipment.data : {}), governmentAgencyGoodsItems: items.map((item, i) => itemResource(item, i + 1)) },
      },
    };
    if (include.includes('errors')) body.errors = d.errors;
    if (include.includes('attachments')) body.attachments = this.listAttachments(d.tenantId, d.id);
    return body;
  }

  /** GET /v1/declarations/search: filters on indexed columns, stable order (creationDate desc, then id). */
  search(tenantId: string, q: DeclarationSearchQuery): DeclarationSummary[] {
    const where: string[] = ['tenant_id = ?'];
    const params: (string | number)[] = [tenantId];
    const eq = (column: string, value: string | undefined): void => {
      if (value === undefined) return;
      where.push(`${column} = ?`);
      params.push(value);
    };
    const oneOf = (column: string, values: string[] | undefined): void => {
      if (!values?.length) return;
      where.push(`${column} IN (${values.map(() => '?').join(', ')})`);
      params.push(...values);
    };
    const range = (column: string, from: string | undefined, to: string | undefined): void => {
      if (from) {
        where.push(`${column} >= ?`);
        params.push(queryInstant(from, false).iso);
      }
      if (to) {
        const t = queryInstant(to, true);
        where.push(`${column} ${t.exclusive ? '<' : '<='} ?`);
        params.push(t.iso);
      }
    };
    eq('external_reference', q.externalReference);
    eq('direction', q.direction);
    eq('ship_from', q.shipFrom);
    eq('ship_to', q.shipTo);
    eq('lrn', q.lrn);
    eq('mrn', q.mrn);
    eq('arc', q.arc);
    eq('customs_flow', q.customsFlow);
    eq('ucr', q.ucr);
    oneOf('customs_flow_step', q.customsFlowStep);
    oneOf('current_status', q.currentStatus);
    oneOf('jurisdiction', q.jurisdiction);
    oneOf('storage_location', q.storageLocation);
    range('declaration_date', q.declarationDateFrom, q.declarationDateTo);
    range('creation_date', q.creationDateFrom, q.creationDateTo);
    range('last_updated', q.lastUpdatedFrom, q.lastUpdatedTo);
    params.push(q.limit, q.offset);
    return this.db
      .prepare<(string | number)[], SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM declarations WHERE ${where.join(' AND ')} ORDER BY creation_date DESC, id LIMIT ? OFFSET ?`)
      .all(...params)
      .map(toSummary);
  }
}

/** A goods item as returned: its data plus governmentAgencyGoodsItemId, casReference and sequenceNumber. */
export function itemResource(item: StoredGoodsItem, sequenceNumber: number): JsonObject {
  return { ...item.data, governmentAgencyGoodsItemId: item.id, casReference: item.casReference, sequenceNumber };
}
