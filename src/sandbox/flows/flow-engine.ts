import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  goodsItemSchema,
  singleAdministrativeDocumentSchema,
  type Direction,
  type GoodsItemInput,
  type SingleAdministrativeDocumentInput,
} from '../../contract/customs-shipment.js';
import { EDITABLE_STATUSES, type DeclarationError } from '../../contract/declarations.js';
import { statusAllows } from '../../contract/action-availability.js';
import { isEditableStatus, type DeclarationStatus } from '../../contract/declaration-statuses.js';
import type { DeclarationEvents } from '../declarations/declaration-events.js';
import type { DeclarationRecord, GoodsItemDocument, JsonObject } from '../store/declarations/declaration-record.js';
import type { SandboxRepositories, SandboxStore } from '../store/sandbox-store.js';
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
import { generateArc, generateMrn, nextLrn } from './identifiers.js';
import { isPlainObject, newGoodsItems } from './selective-update.js';
import { cdsError, validateDeclaration } from './validation.js';
import { defineJob } from '../worker/job-definition.js';

/**
 * The customs flow engine: places a shipment in a flow, creates declarations, validates them,
 * submits them and simulates the customs authority. Every status change goes through
 * DeclarationEvents.updateStatus (with its event, in the caller's transaction). Timers are
 * persisted jobs, enqueued in the same transaction, so a restart loses nothing.
 *
 * Methods taking `tx` run inside the caller's store transaction (`store.transaction(async (tx) =>
 * ...)`); the job handlers open their own. Other sandbox parts (declaration actions, ingestion)
 * call: placement, startShipment, restart, applyChange, validate, revalidate, submit,
 * goodsArrived. README "Customs flows" documents the triggers.
 */

/** Simulated customs response time after submission (divided by SANDBOX_TIME_SCALE). */
export const CUSTOMS_RESPONSE_DELAY_MS = 3_000;
/** Simulated time from acceptance to release / exit confirmation (divided by SANDBOX_TIME_SCALE). */
export const RELEASE_DELAY_MS = 10_000;

/** Status a declaration waits in when it is valid and its step does not auto-submit (sandbox name). */
export const AWAITING_SUBMIT_STATUS: DeclarationStatus = 'Validated';

const customsJobSchema = z.object({ declarationId: z.string(), submission: z.number().int() });
type CustomsJob = z.output<typeof customsJobSchema>;
const customsResponseJob = defineJob('customs.response', customsJobSchema);
const customsReleaseJob = defineJob('customs.release', customsJobSchema);

export interface Placement {
  flow: CustomsFlowConfig;
  step: FlowStepConfig;
  jurisdiction: string;
}

export type ActionResult = { ok: true; declaration: DeclarationRecord } | { ok: false; reason: string; declaration?: DeclarationRecord };

export interface FlowEngineDeps {
  store: SandboxStore;
  declarationEvents: DeclarationEvents;
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

type EditableDocument = { header: JsonObject; items: GoodsItemDocument[] };

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

  private get declarationEvents(): DeclarationEvents {
    return this.deps.declarationEvents;
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
  placement(
    direction: Direction,
    storageLocation: string | null | undefined,
    sad: SingleAdministrativeDocumentInput,
  ): { ok: true; placement: Placement } | { ok: false; reason: string } {
    const office = sad.declarationOfficeCode?.trim().toUpperCase();
    let jurisdiction: string | undefined;
    if (office && /^[A-Z]{2}[A-Z0-9]{6}$/.test(office)) jurisdiction = officeJurisdiction(office);
    else {
      const prefix = storageLocation?.trim().slice(0, 2).toUpperCase();
      jurisdiction = prefix && FLOW_JURISDICTIONS.some((j) => j === prefix) ? prefix : DEFAULT_JURISDICTION;
    }
    const excise = sad.declType?.trim().toUpperCase() === 'EAD';
    const flow = findFlow(direction, jurisdiction, excise);
    if (!flow)
      return {
        ok: false,
        reason: `No ${excise ? 'excise ' : ''}customs flow is configured for direction ${direction} in jurisdiction ${jurisdiction}.`,
      };
    return { ok: true, placement: { flow, step: entryStep(flow, sad.addDeclType), jurisdiction } };
  }

  private isExcise(d: Pick<DeclarationRecord, 'customsFlow'>): boolean {
    return findFlowByName(d.customsFlow)?.excise ?? false;
  }

  /** Validation of the stored document (no deductions, no status change). */
  async validate(tx: SandboxRepositories, d: DeclarationRecord): Promise<DeclarationError[]> {
    return this.validateDocument(d, await tx.declarations.items(d.id));
  }

  private validateDocument(
    d: Pick<DeclarationRecord, 'direction' | 'customsFlow' | 'header'>,
    items: readonly GoodsItemDocument[],
  ): DeclarationError[] {
    return validateDeclaration({
      direction: d.direction,
      excise: this.isExcise(d),
      header: sadOf(d.header),
      items: items.map((i) => parseItem(i.data)),
    });
  }

  private derived(
    header: JsonObject,
    direction: Direction,
    jurisdiction: string,
  ): { ucr: string | null; shipFrom: string | null; shipTo: string | null } {
    const sad = sadOf(header);
    const gs = sad.goodsShipment;
    return {
      ucr: sad.ucr?.trim() || null,
      shipFrom: gs?.exportCountry?.trim().toUpperCase() || (direction === 'OUT' ? jurisdiction : null),
      shipTo: gs?.destinationCountry?.trim().toUpperCase() || (direction === 'IN' ? jurisdiction : null),
    };
  }

  /**
   * Creates the declaration of a step from a document and runs the step: deductions, validation,
   * then Invalid, Submitted (auto-submit) or Validated. Publishes DeclarationStatusChanged with
   * the initial status.
   */
  async createDeclaration(
    tx: SandboxRepositories,
    args: {
      tenantId: string;
      shipmentId: string;
      externalReference: string;
      direction: Direction;
      storageLocation: string | null;
      placement: Placement;
      header: JsonObject;
      items: readonly GoodsItemDocument[];
    },
  ): Promise<DeclarationRecord> {
    const { placement } = args;
    const deduced = await applyDeductions(
      { tenantId: args.tenantId, direction: args.direction, storageLocation: args.storageLocation, header: args.header, items: args.items },
      tx.articlesAndPartners,
    );
    const now = this.deps.now().toISOString();
    const id = randomUUID();
    const base = {
      id,
      tenantId: args.tenantId,
      shipmentId: args.shipmentId,
      mrn: null,
      lrn: await nextLrn(tx.declarationCounters, placement.jurisdiction, this.deps.now()),
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
    await tx.declarations.insert([{ declaration: { ...base, status, errors, submission }, items: deduced.items }]);
    const d = await tx.declarations.getById(id);
    if (!d) throw new Error('declaration not stored');
    await this.declarationEvents.statusChanged(tx, d);
    if (status === 'Submitted') await this.scheduleCustomsResponse(tx, d);
    return d;
  }

  /** Creates the entry declaration of a new shipment. */
  async startShipment(
    tx: SandboxRepositories,
    args: {
      tenantId: string;
      shipmentId: string;
      externalReference: string;
      direction: Direction;
      storageLocation: string | null;
      placement: Placement;
      sad: JsonObject;
    },
  ): Promise<DeclarationRecord> {
    const { header, items } = splitDocument(args.sad);
    return this.createDeclaration(tx, { ...args, header, items: newGoodsItems(items, randomUUID) });
  }

  /**
   * Restarts the flow of a declaration in place (Replace, changed Upsert): same declarationId,
   * new document, new LRN, flow placement recomputed, then the entry step runs again
   * (auto-submit included). Only for declarations not yet submitted.
   */
  async restart(
    tx: SandboxRepositories,
    d: DeclarationRecord,
    placement: Placement,
    storageLocation: string | null,
    sad: JsonObject,
  ): Promise<DeclarationRecord> {
    const { header, items } = splitDocument(sad);
    const deduced = await applyDeductions(
      { tenantId: d.tenantId, direction: d.direction, storageLocation, header, items: newGoodsItems(items, randomUUID) },
      tx.articlesAndPartners,
    );
    const at = this.deps.now();
    const lrn = await nextLrn(tx.declarationCounters, placement.jurisdiction, at);
    await tx.declarations.restart(
      d.id,
      {
        customsFlow: placement.flow.name,
        customsFlowStep: placement.step.name,
        jurisdiction: placement.jurisdiction,
        storageLocation,
        lrn,
      },
      at.toISOString(),
    );
    await tx.declarations.saveDocument(
      d.id,
      deduced.header,
      deduced.items,
      this.derived(deduced.header, d.direction, placement.jurisdiction),
      at.toISOString(),
    );
    const fresh = await tx.declarations.getById(d.id);
    if (!fresh) throw new Error('declaration vanished');
    const errors = this.validateDocument(fresh, deduced.items);
    if (errors.length) return this.declarationEvents.updateStatus(tx, d.id, 'Invalid', { errors });
    if (placement.step.autoSubmit) return this.markSubmitted(tx, fresh, []);
    return this.declarationEvents.updateStatus(tx, d.id, AWAITING_SUBMIT_STATUS, { errors: [] });
  }

  /**
   * Applies a change to an editable declaration's document (PATCH, goods item endpoints, shipment
   * Update), then deductions and validation: Invalid with errors, or Validated (awaiting Submit:
   * a corrected declaration is submitted explicitly). Returns a refusal when the status does not
   * allow edits (EDITABLE_STATUSES).
   */
  async applyChange(
    tx: SandboxRepositories,
    d: DeclarationRecord,
    change: (doc: EditableDocument) => EditableDocument,
  ): Promise<ActionResult> {
    if (!isEditableStatus(d.status)) {
      return {
        ok: false,
        reason: `Declaration ${d.lrn} cannot be changed in status ${d.status}; edits are allowed before submission and after a customs rejection (${EDITABLE_STATUSES.join(', ')}).`,
        declaration: d,
      };
    }
    const changed = change({ header: d.header, items: await tx.declarations.items(d.id) });
    const deduced = await applyDeductions(
      { tenantId: d.tenantId, direction: d.direction, storageLocation: d.storageLocation, header: changed.header, items: changed.items },
      tx.articlesAndPartners,
    );
    await tx.declarations.saveDocument(
      d.id,
      deduced.header,
      deduced.items,
      this.derived(deduced.header, d.direction, d.jurisdiction),
      this.deps.now().toISOString(),
    );
    const errors = this.validateDocument({ ...d, header: deduced.header }, deduced.items);
    const next = errors.length ? 'Invalid' : AWAITING_SUBMIT_STATUS;
    return { ok: true, declaration: await this.declarationEvents.updateStatus(tx, d.id, next, { errors }) };
  }

  /** Validate action: runs the validations again in the statuses the availability table's Validate row lists. */
  async revalidate(tx: SandboxRepositories, id: string): Promise<ActionResult> {
    const d = await tx.declarations.lockById(id);
    if (!d) return { ok: false, reason: 'Declaration not found.' };
    if (!statusAllows('validate', d.status))
      return { ok: false, reason: `Declaration ${d.lrn} cannot be validated in status ${d.status}.`, declaration: d };
    return this.applyChange(tx, d, (doc) => doc);
  }

  /**
   * Submit: in the statuses the availability table's Submit row lists (an Invalid declaration is
   * fixed first). Validation runs first; errors move the declaration to Invalid and the submit
   * fails. Otherwise Submitted, and the customs response is scheduled.
   */
  async submit(tx: SandboxRepositories, id: string): Promise<ActionResult> {
    const d = await tx.declarations.lockById(id);
    if (!d) return { ok: false, reason: 'Declaration not found.' };
    if (!statusAllows('submit', d.status))
      return { ok: false, reason: `Declaration ${d.lrn} cannot be submitted in status ${d.status}.`, declaration: d };
    const errors = await this.validate(tx, d);
    if (errors.length)
      return {
        ok: false,
        reason: 'Validation failed; see the declaration errors.',
        declaration: await this.declarationEvents.updateStatus(tx, id, 'Invalid', { errors }),
      };
    return { ok: true, declaration: await this.markSubmitted(tx, d, []) };
  }

  private async markSubmitted(tx: SandboxRepositories, d: DeclarationRecord, errors: DeclarationError[]): Promise<DeclarationRecord> {
    const after = await this.declarationEvents.updateStatus(tx, d.id, 'Submitted', { errors, newSubmission: true });
    await this.scheduleCustomsResponse(tx, after);
    return after;
  }

  private async scheduleCustomsResponse(tx: SandboxRepositories, d: DeclarationRecord): Promise<void> {
    await this.deps.jobs.enqueueIn(
      tx,
      customsResponseJob,
      { declarationId: d.id, submission: d.submission },
      this.scaled(CUSTOMS_RESPONSE_DELAY_MS),
    );
  }

  private async scheduleRelease(tx: SandboxRepositories, d: DeclarationRecord): Promise<void> {
    await this.deps.jobs.enqueueIn(tx, customsReleaseJob, { declarationId: d.id, submission: d.submission }, this.scaled(RELEASE_DELAY_MS));
  }

  private isPrelodge(d: DeclarationRecord): boolean {
    return sadOf(d.header).addDeclType?.trim().toUpperCase() === 'D';
  }

  /**
   * Goods Arrived (pre-lodge): addDeclType D becomes A, status unchanged; an Accepted
   * declaration is then released on the usual schedule.
   */
  async goodsArrived(tx: SandboxRepositories, id: string): Promise<ActionResult> {
    const d = await tx.declarations.lockById(id);
    if (!d) return { ok: false, reason: 'Declaration not found.' };
    if (!this.isPrelodge(d))
      return { ok: false, reason: `Declaration ${d.lrn} is not a pre-lodged declaration (additional declaration type D).`, declaration: d };
    if (!statusAllows('goodsArrived', d.status))
      return { ok: false, reason: `Goods cannot be reported arrived for ${d.lrn} in status ${d.status}.`, declaration: d };
    await tx.declarations.setHeaderField(id, 'addDeclType', 'A', this.deps.now().toISOString());
    const after = (await tx.declarations.getById(id)) ?? d;
    if (after.status === 'Accepted') await this.scheduleRelease(tx, after);
    return { ok: true, declaration: after };
  }

  /** Job customs.response: the simulated customs authority answers a submission (README, triggers). */
  async handleCustomsResponse({ declarationId, submission }: CustomsJob): Promise<void> {
    await this.deps.store.transaction(async (tx) => {
      const d = await tx.declarations.lockById(declarationId);
      if (!d || d.status !== 'Submitted' || d.submission !== submission) return; // stale
      const ref = d.externalReference.toUpperCase();
      if (ref.includes('HOLD')) return;
      if (ref.includes('REJECT') && d.submission === 1) {
        const pointer = d.direction === 'IN' ? 'Declaration->GoodsShipment->Importer->ID' : 'Declaration->Exporter->ID';
        await this.declarationEvents.updateStatus(tx, d.id, 'CustomsError', {
          errors: [cdsError('CDS12005', d.direction === 'IN' ? 'consignee' : 'consignor', pointer)],
        });
        return;
      }
      const at = this.deps.now();
      const country = d.jurisdiction;
      const excise = this.isExcise(d);
      const accepted = await this.declarationEvents.updateStatus(tx, d.id, 'Accepted', {
        errors: [],
        declarationDate: at.toISOString(),
        ...(excise ? { arc: generateArc(d.id, country, at) } : { mrn: generateMrn(d.id, d.submission, country, at) }),
      });
      if (excise || ref.includes('NORELEASE') || this.isPrelodge(accepted)) return;
      await this.scheduleRelease(tx, accepted);
    });
  }

  /** Job customs.release: Released (or ExitConfirmed for an exit step); a step with `next` creates the next step's declaration. */
  async handleRelease({ declarationId, submission }: CustomsJob): Promise<void> {
    await this.deps.store.transaction(async (tx) => {
      const d = await tx.declarations.lockById(declarationId);
      if (!d || d.status !== 'Accepted' || d.submission !== submission || this.isPrelodge(d)) return;
      const step = findStep(d.customsFlow, d.customsFlowStep);
      if (step?.kind === 'exit') {
        await this.declarationEvents.updateStatus(tx, d.id, 'ExitConfirmed');
        return;
      }
      await this.declarationEvents.updateStatus(tx, d.id, 'Released');
      const flow = findFlowByName(d.customsFlow);
      const nextStep = step?.next ? flow?.steps.find((s) => s.name === step.next) : undefined;
      if (!flow || !nextStep) return;
      const items = (await tx.declarations.items(d.id)).map((i) => ({ ...i, id: randomUUID() }));
      await this.createDeclaration(tx, {
        tenantId: d.tenantId,
        shipmentId: d.shipmentId,
        externalReference: d.externalReference,
        direction: d.direction,
        storageLocation: d.storageLocation,
        placement: { flow, step: nextStep, jurisdiction: d.jurisdiction },
        header: d.header,
        items,
      });
    });
  }

  registerJobs(jobs: JobQueue): void {
    jobs.register(customsResponseJob, async (payload) => this.handleCustomsResponse(payload), 8);
    jobs.register(customsReleaseJob, async (payload) => this.handleRelease(payload), 8);
  }
}
