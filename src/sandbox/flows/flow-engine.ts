import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { goodsItemSchema, singleAdministrativeDocumentSchema, type Direction, type GoodsItemInput, type SingleAdministrativeDocumentInput } from '../../contract/customs-shipment.js';
import { EDITABLE_STATUSES, type DeclarationError } from '../../contract/declarations.js';
import type { DeclarationRecord, DeclarationStore, JsonObject, StoredGoodsItem } from '../declarations/declaration-store.js';
import type { MasterDataStore } from '../master-data/master-data-store.js';
import type { Db } from '../store/db.js';
import type { JobQueue } from '../worker/job-queue.js';
import { applyDeductions } from './deductions.js';
import {
  DEFAULT_JURISDICTION,
  entryStep,
  findFlow,
  findFlowByName,
  findStep,
  FLOW_JURISDICTIONS,
  officeJurisdiction,
  type CustomsFlowConfig,
  type FlowStepConfig,
} from './flow-config.js';
import { formatLrn, generateArc, generateMrn, nextCounter } from './identifiers.js';
import { isPlainObject, newGoodsItems } from './selective-update.js';
import { cdsError, validateDeclaration } from './validation.js';

/**
 * The customs flow engine: places a shipment in a flow, creates declarations, validates them,
 * submits them and simulates the customs authority. Every status change goes through
 * DeclarationStore.updateStatus (one transaction with its event). Timers are persisted jobs,
 * so a restart loses nothing.
 *
 * Other sandbox parts (declaration actions) call: validate, revalidate, submit, goodsArrived,
 * applyChange. README "Customs flows" documents the triggers.
 */

/** Simulated customs response time after submission (divided by SANDBOX_TIME_SCALE). */
export const CUSTOMS_RESPONSE_DELAY_MS = 3_000;
/** Simulated time from acceptance to release / exit confirmation (divided by SANDBOX_TIME_SCALE). */
export const RELEASE_DELAY_MS = 10_000;

export const JOB_CUSTOMS_RESPONSE = 'customs.response';
export const JOB_CUSTOMS_RELEASE = 'customs.release';

/** Status a declaration waits in when it is valid and its step does not auto-submit (sandbox name). */
export const AWAITING_SUBMIT_STATUS = 'Validated';

const customsJobSchema = z.object({ declarationId: z.string(), submission: z.number().int() });

export interface Placement {
  flow: CustomsFlowConfig;
  step: FlowStepConfig;
  jurisdiction: string;
}

export type ActionResult = { ok: true; declaration: DeclarationRecord } | { ok: false; reason: string; declaration?: DeclarationRecord };

export interface FlowEngineDeps {
  db: Db;
  store: DeclarationStore;
  masterData: MasterDataStore;
  jobs: JobQueue;
  now: () => Date;
  timeScale: number;
}

const sadOf = (header: JsonObject): SingleAdministrativeDocumentInput => {
  const parsed = singleAdministrativeDocumentSchema.safeParse(header);
  return parsed.success ? parsed.data : {};
};

const parseItem = (data: JsonObject): GoodsItemInput => {
  const parsed = goodsItemSchema.safeParse(data);
  return parsed.success ? parsed.data : {};
};

/** Splits a singleAdministrativeDocument into the header (without items) and its goods items. */
export function splitDocument(sad: JsonObject): { header: JsonObject; items: JsonObject[] } {
  const gs = isPlainObject(sad.goodsShipment) ? sad.goodsShipment : undefined;
  const raw = gs?.governmentAgencyGoodsItems;
  const items = Array.isArray(raw) ? raw.filter(isPlainObject) : [];
  if (!gs) return { header: sad, items };
  const { governmentAgencyGoodsItems: _items, ...rest } = gs;
  return { header: { ...sad, goodsShipment: rest }, items };
}

export class FlowEngine {
  constructor(private readonly deps: FlowEngineDeps) {}

  private get store(): DeclarationStore {
    return this.deps.store;
  }

  private scaled(ms: number): number {
    return Math.round(ms / this.deps.timeScale);
  }

  /**
   * Flow placement (sandbox rule): jurisdiction = country of declarationOfficeCode (XI counts as
   * GB); when the code is missing or malformed, the 2-letter prefix of storageLocationReference
   * (e.g. NL-RTM-01) when configured; otherwise GB. declType EAD selects the excise flow.
   * Fails (CreationUnsuccessful) when no flow is configured for direction and jurisdiction.
   */
  placement(direction: Direction, storageLocation: string | null | undefined, sad: SingleAdministrativeDocumentInput): { ok: true; placement: Placement } | { ok: false; reason: string } {
    const office = sad.declarationOfficeCode?.trim().toUpperCase();
    let jurisdiction: string | undefined;
    if (office && /^[A-Z]{2}[A-Z0-9]{6}$/.test(office)) jurisdiction = officeJurisdiction(office);
    else {
      const prefix = storageLocation?.trim().slice(0, 2).toUpperCase();
      jurisdiction = prefix && FLOW_JURISDICTIONS.some((j) => j === prefix) ? prefix : DEFAULT_JURISDICTION;
    }
    const excise = sad.declType?.trim().toUpperCase() === 'EAD';
    const flow = findFlow(direction, jurisdiction, excise);
    if (!flow) return { ok: false, reason: `No ${excise ? 'excise ' : ''}customs flow is configured for direction ${direction} in jurisdiction ${jurisdiction}.` };
    return { ok: true, placement: { flow, step: entryStep(flow, sad.addDeclType), jurisdiction } };
  }

  private isExcise(d: Pick<DeclarationRecord, 'customsFlow'>): boolean {
    return findFlowByName(d.customsFlow)?.excise ?? false;
  }

  /** Validation of the stored document (no deductions, no status change). */
  validate(d: DeclarationRecord, items: readonly StoredGoodsItem[] = this.store.items(d.id)): DeclarationError[] {
    return validateDeclaration({
      direction: d.direction,
      excise: this.isExcise(d),
      header: sadOf(d.header),
      items: items.map((i) => parseItem(i.data)),
    });
  }

  private derived(header: JsonObject, direction: Direction, jurisdiction: string): { ucr: string | null; shipFrom: string | null; shipTo: string | null } {
    const sad = sadOf(header);
    const gs = sad.goodsShipment;
    return {
      ucr: sad.ucr?.trim() || null,
      shipFrom: gs?.exportCountry?.trim().toUpperCase() || (direction === 'OUT' ? jurisdiction : null),
      shipTo: gs?.destinationCountry?.trim().toUpperCase() || (direction === 'IN' ? jurisdiction : null),
    };
  }

  private newLrn(jurisdiction: string): string {
    return formatLrn(nextCounter(this.deps.db, 'lrn'), jurisdiction, this.deps.now());
  }

  /**
   * Creates the declaration of a step from a document and runs the step: deductions, validation,
   * then Invalid, Submitted (auto-submit) or Validated. Publishes DeclarationStatusChanged with
   * the initial status. Call inside a transaction.
   */
  createDeclaration(args: {
    tenantId: string;
    shipmentId: string;
    externalReference: string;
    direction: Direction;
    storageLocation: string | null;
    placement: Placement;
    header: JsonObject;
    items: readonly StoredGoodsItem[];
  }): DeclarationRecord {
    const { placement } = args;
    const deduced = applyDeductions({ tenantId: args.tenantId, direction: args.direction, storageLocation: args.storageLocation, header: args.header, items: args.items }, this.deps.masterData);
    const now = this.deps.now().toISOString();
    const id = randomUUID();
    const base = {
      id,
      tenantId: args.tenantId,
      shipmentId: args.shipmentId,
      mrn: null,
      lrn: this.newLrn(placement.jurisdiction),
      arc: null,
      externalReference: args.externalReference,
      direction: args.direction,
      customsFlow: placement.flow.name,
      customsFlowStep: placement.step.name,
      stepInstanceCount: 1,
      stepInstanceSeq: 1,
      jurisdiction: placement.jurisdiction,
      storageLocation: args.storageLocation,
      declarationDate: null,
      creationDate: now,
      header: deduced.header,
      ...this.derived(deduced.header, args.direction, placement.jurisdiction),
    };
    const errors = validateDeclaration({
      direction: args.direction,
      excise: placement.flow.excise,
      header: sadOf(deduced.header),
      items: deduced.items.map((i) => parseItem(i.data)),
    });
    const status = errors.length ? 'Invalid' : placement.step.autoSubmit ? 'Submitted' : AWAITING_SUBMIT_STATUS;
    const submission = status === 'Submitted' ? 1 : 0;
    this.store.insert({ ...base, status, errors, submission }, deduced.items);
    const d = this.store.getById(id);
    if (!d) throw new Error('declaration not stored');
    this.store.publishStatusChanged(d);
    if (status === 'Submitted') this.scheduleCustomsResponse(d);
    return d;
  }

  /** Creates the entry declaration of a new shipment. Call inside a transaction. */
  startShipment(args: { tenantId: string; shipmentId: string; externalReference: string; direction: Direction; storageLocation: string | null; placement: Placement; sad: JsonObject }): DeclarationRecord {
    const { header, items } = splitDocument(args.sad);
    return this.createDeclaration({ ...args, header, items: newGoodsItems(items, randomUUID) });
  }

  /**
   * Restarts the flow of a declaration in place (Replace, changed Upsert): same declarationId,
   * new document, new LRN, flow placement recomputed, then the entry step runs again
   * (auto-submit included). Call inside a transaction; only for declarations not yet submitted.
   */
  restart(d: DeclarationRecord, placement: Placement, storageLocation: string | null, sad: JsonObject): DeclarationRecord {
    const { header, items } = splitDocument(sad);
    const deduced = applyDeductions({ tenantId: d.tenantId, direction: d.direction, storageLocation, header, items: newGoodsItems(items, randomUUID) }, this.deps.masterData);
    this.store.restart(d.id, { customsFlow: placement.flow.name, customsFlowStep: placement.step.name, jurisdiction: placement.jurisdiction, storageLocation, lrn: this.newLrn(placement.jurisdiction) });
    this.store.saveDocument(d.id, deduced.header, deduced.items, this.derived(deduced.header, d.direction, placement.jurisdiction));
    const fresh = this.store.getById(d.id);
    if (!fresh) throw new Error('declaration vanished');
    const errors = this.validate(fresh, deduced.items);
    if (errors.length) return this.store.updateStatus(d.id, 'Invalid', { errors });
    if (placement.step.autoSubmit) return this.markSubmitted(fresh, []);
    return this.store.updateStatus(d.id, AWAITING_SUBMIT_STATUS, { errors: [] });
  }

  /**
   * Applies a change to an editable declaration's document (PATCH, goods item endpoints, shipment
   * Update), then deductions and validation: Invalid with errors, or Validated (awaiting Submit:
   * a corrected declaration is submitted explicitly). Returns a refusal when the status does not
   * allow edits (EDITABLE_STATUSES). Call inside a transaction.
   */
  applyChange(d: DeclarationRecord, change: (doc: { header: JsonObject; items: StoredGoodsItem[] }) => { header: JsonObject; items: StoredGoodsItem[] }): ActionResult {
    if (!EDITABLE_STATUSES.includes(d.status)) {
      return { ok: false, reason: `Declaration ${d.lrn} cannot be changed in status ${d.status}; edits are allowed before submission and after a customs rejection (${EDITABLE_STATUSES.join(', ')}).`, declaration: d };
    }
    const changed = change({ header: d.header, items: this.store.items(d.id) });
    const deduced = applyDeductions({ tenantId: d.tenantId, direction: d.direction, storageLocation: d.storageLocation, header: changed.header, items: changed.items }, this.deps.masterData);
    this.store.saveDocument(d.id, deduced.header, deduced.items, this.derived(deduced.header, d.direction, d.jurisdiction));
    const errors = this.validate({ ...d, header: deduced.header }, deduced.items);
    const next = errors.length ? 'Invalid' : AWAITING_SUBMIT_STATUS;
    return { ok: true, declaration: this.store.updateStatus(d.id, next, { errors }) };
  }

  /** Validate action: runs the validations again on an editable declaration (Invalid or Validated). */
  revalidate(id: string): ActionResult {
    return this.deps.db.transaction((): ActionResult => {
      const d = this.store.getById(id);
      if (!d) return { ok: false, reason: 'Declaration not found.' };
      return this.applyChange(d, (doc) => doc);
    })();
  }

  /**
   * Submit: allowed in EDITABLE_STATUSES. Validation runs first; errors move the declaration to
   * Invalid and the submit fails. Otherwise Submitted, and the customs response is scheduled.
   */
  submit(id: string): ActionResult {
    return this.deps.db.transaction((): ActionResult => {
      const d = this.store.getById(id);
      if (!d) return { ok: false, reason: 'Declaration not found.' };
      if (!EDITABLE_STATUSES.includes(d.status)) return { ok: false, reason: `Declaration ${d.lrn} cannot be submitted in status ${d.status}.`, declaration: d };
      const errors = this.validate(d);
      if (errors.length) return { ok: false, reason: 'Validation failed; see the declaration errors.', declaration: this.store.updateStatus(id, 'Invalid', { errors }) };
      return { ok: true, declaration: this.markSubmitted(d, []) };
    })();
  }

  private markSubmitted(d: DeclarationRecord, errors: DeclarationError[]): DeclarationRecord {
    const after = this.store.updateStatus(d.id, 'Submitted', { errors, newSubmission: true });
    this.scheduleCustomsResponse(after);
    return after;
  }

  private scheduleCustomsResponse(d: DeclarationRecord): void {
    this.deps.jobs.enqueue(JOB_CUSTOMS_RESPONSE, { declarationId: d.id, submission: d.submission }, this.scaled(CUSTOMS_RESPONSE_DELAY_MS));
  }

  private scheduleRelease(d: DeclarationRecord): void {
    this.deps.jobs.enqueue(JOB_CUSTOMS_RELEASE, { declarationId: d.id, submission: d.submission }, this.scaled(RELEASE_DELAY_MS));
  }

  private isPrelodge(d: DeclarationRecord): boolean {
    return sadOf(d.header).addDeclType?.trim().toUpperCase() === 'D';
  }

  /**
   * Goods Arrived (pre-lodge): addDeclType D becomes A, status unchanged; an Accepted
   * declaration is then released on the usual schedule.
   */
  goodsArrived(id: string): ActionResult {
    return this.deps.db.transaction((): ActionResult => {
      const d = this.store.getById(id);
      if (!d) return { ok: false, reason: 'Declaration not found.' };
      if (!this.isPrelodge(d)) return { ok: false, reason: `Declaration ${d.lrn} is not a pre-lodged declaration (additional declaration type D).`, declaration: d };
      this.store.setHeaderField(id, 'addDeclType', 'A');
      const after = this.store.getById(id) ?? d;
      if (after.status === 'Accepted') this.scheduleRelease(after);
      return { ok: true, declaration: after };
    })();
  }

  /** Job customs.response: the simulated customs authority answers a submission (README, triggers). */
  handleCustomsResponse(payload: unknown): void {
    const { declarationId, submission } = customsJobSchema.parse(payload);
    this.deps.db.transaction(() => {
      const d = this.store.getById(declarationId);
      if (!d || d.status !== 'Submitted' || d.submission !== submission) return; // stale
      const ref = d.externalReference.toUpperCase();
      if (ref.includes('HOLD')) return;
      if (ref.includes('REJECT') && d.submission === 1) {
        const pointer = d.direction === 'IN' ? 'Declaration->GoodsShipment->Importer->ID' : 'Declaration->Exporter->ID';
        this.store.updateStatus(d.id, 'CustomsError', { errors: [cdsError('CDS12005', d.direction === 'IN' ? 'consignee' : 'consignor', pointer)] });
        return;
      }
      const at = this.deps.now();
      const country = d.jurisdiction;
      const excise = this.isExcise(d);
      const accepted = this.store.updateStatus(d.id, 'Accepted', {
        errors: [],
        declarationDate: at.toISOString(),
        ...(excise ? { arc: generateArc(d.id, country, at) } : { mrn: generateMrn(d.id, d.submission, country, at) }),
      });
      if (excise || ref.includes('NORELEASE') || this.isPrelodge(accepted)) return;
      this.scheduleRelease(accepted);
    })();
  }

  /** Job customs.release: Released (or ExitConfirmed for an exit step); a step with `next` creates the next step's declaration. */
  handleRelease(payload: unknown): void {
    const { declarationId, submission } = customsJobSchema.parse(payload);
    this.deps.db.transaction(() => {
      const d = this.store.getById(declarationId);
      if (!d || d.status !== 'Accepted' || d.submission !== submission || this.isPrelodge(d)) return;
      const step = findStep(d.customsFlow, d.customsFlowStep);
      if (step?.kind === 'exit') {
        this.store.updateStatus(d.id, 'ExitConfirmed');
        return;
      }
      this.store.updateStatus(d.id, 'Released');
      const flow = findFlowByName(d.customsFlow);
      const nextStep = step?.next ? flow?.steps.find((s) => s.name === step.next) : undefined;
      if (!flow || !nextStep) return;
      const items = this.store.items(d.id).map((i) => ({ ...i, id: randomUUID() }));
      this.createDeclaration({
        tenantId: d.tenantId,
        shipmentId: d.shipmentId,
        externalReference: d.externalReference,
        direction: d.direction,
        storageLocation: d.storageLocation,
        placement: { flow, step: nextStep, jurisdiction: d.jurisdiction },
        header: d.header,
        items,
      });
    })();
  }

  registerJobs(jobs: JobQueue): void {
    jobs.register(JOB_CUSTOMS_RESPONSE, async (payload) => this.handleCustomsResponse(payload), 8);
    jobs.register(JOB_CUSTOMS_RELEASE, async (payload) => this.handleRelease(payload), 8);
  }
}
