import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { goodsItemSchema, singleAdministrativeDocumentSchema } from '../../contract/customs-shipment.js';
import {
  changeDestinationBodySchema,
  declarationActionSchema,
  generateDocumentTypeSchema,
  receiptReportBodySchema,
  rejectOrAlertEadBodySchema,
  type DeclarationAction,
} from '../../contract/declaration-actions.js';
import type { SandboxContext } from '../context.js';
import type { DeclarationServices } from '../declarations/declaration-services.js';
import type { DeclarationRecord, JsonObject } from '../declarations/declaration-store.js';
import { renderDeclarationPdf, type DocumentSource } from '../documents/render-pdf.js';
import type { EventEnvelope } from '../events/event-bus.js';
import { CUSTOMS_RESPONSE_DELAY_MS } from '../flows/flow-engine.js';
import { isPlainObject } from '../flows/selective-update.js';
import type { SchemaPart } from '../store/db.js';
import { automaticDocument, documentsProducedBy, refusalOf, subjectOf, type GenerateDocumentType } from './availability.js';
import { formatLrn, nextCounter } from '../flows/identifiers.js';
import { EMCS_MESSAGES, EXCISE_MOVEMENT_FIELD, exciseMovementOf, saveExciseMovement, type EmcsAction, type ExciseMovement } from './excise-movement.js';

/** Time EMCS takes to answer a submitted message (sandbox default; divided by the time scale). */
export const EMCS_RESPONSE_DELAY_MS = 3_000;
/** Time customs takes to answer an invalidation request (sandbox default, the customs response time). */
export const INVALIDATION_RESPONSE_DELAY_MS = CUSTOMS_RESPONSE_DELAY_MS;

export const JOB_DECLARATION_ACTION = 'declaration.action';
export const JOB_EMCS_RESPONSE = 'emcs.response';
export const JOB_INVALIDATION_RESPONSE = 'customs.invalidation';
export const JOB_DOCUMENT = 'documents.generate';

/** Status between an invalidation request and the customs answer (sandbox name). */
export const INVALIDATION_REQUESTED = 'InvalidationRequested';
export const INVALIDATED = 'Invalidated';

/** Documents the seed data owes: rendered silently on first listing of the attachments (no events, like the seed). */
export const actionsSchema: SchemaPart = {
  name: 'declaration-actions',
  ddl: `CREATE TABLE IF NOT EXISTS seeded_documents (
    declaration_id TEXT NOT NULL,
    document_type TEXT NOT NULL,
    PRIMARY KEY (declaration_id, document_type)
  );`,
  resetTables: ['seeded_documents'],
};

const actionJobSchema = z.object({
  referenceId: z.string(),
  declarationId: z.string(),
  action: declarationActionSchema,
  body: z.unknown(),
  documentType: generateDocumentTypeSchema.optional(),
});
const emcsJobSchema = z.object({ declarationId: z.string(), messageId: z.string(), body: z.unknown() });
const invalidationJobSchema = z.object({ declarationId: z.string(), submission: z.number().int() });
const documentJobSchema = z.object({ declarationId: z.string(), documentType: generateDocumentTypeSchema });

/** Receipt conclusion → movement status (specification codes; HMRC grouping, service-facts 6.3). */
export const RECEIPT_OUTCOME: Readonly<Record<string, string>> = {
  '1': 'Delivered',
  '11': 'Delivered',
  '21': 'Delivered',
  '2': 'Delivered',
  '22': 'Delivered',
  '3': 'Refused',
  '23': 'Refused',
  '4': 'PartiallyRefused',
};

const pascal = (action: DeclarationAction): string => `${action.charAt(0).toUpperCase()}${action.slice(1)}`;

/** A receipt report notes a shortage or excess: an item indicator, or unsatisfactory reason 1 (excess) / 2 (shortage). */
function notesShortageOrExcess(body: z.infer<ReturnType<typeof receiptReportBodySchema>>): boolean {
  return body.governmentAgencyGoodsItems.some((i) => {
    const r = i.exciseGoodsItem.bodyReportOfReceipt;
    return r.indicatorOfShortageOrExcess !== undefined || (r.unsatisfactoryReasons ?? []).some((u) => u.unsatisfactoryReasonCode === '1' || u.unsatisfactoryReasonCode === '2');
  });
}

/** The trader of a Change Destination body as a party of the document. */
function partyOf(trader: JsonObject): JsonObject {
  const refs = Array.isArray(trader.businessPartnerReferences) ? trader.businessPartnerReferences : [];
  return { ...(typeof trader.name === 'string' ? { name: trader.name } : {}), businessPartnerReference: refs, ...(isPlainObject(trader.address) ? { address: trader.address } : {}) };
}

/**
 * Runs the declaration actions (README.md beside this file): the outcome of every action is a
 * DeclarationActionFinished event `<Action>Successful` / `<Action>Unsuccessful`; EMCS messages
 * and invalidations get their answer after a simulated delay; documents are rendered by
 * ctx.documents (which announces them with DeclarationPdfCreated).
 */
export class ActionService {
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(
    private readonly ctx: SandboxContext,
    private readonly services: DeclarationServices,
  ) {}

  private get store() {
    return this.services.store;
  }

  private scaled(ms: number): number {
    return Math.round(ms / this.ctx.config.timeScale);
  }

  /** Publishes the outcome: declaration event data + action, arc, sequenceNumber (+ reason, errorDescriptions). */
  finished(d: DeclarationRecord, action: DeclarationAction, ok: boolean, reason?: string, errorDescriptions?: string[], more: JsonObject = {}): void {
    const extra: JsonObject = { sequenceNumber: d.arc ? exciseMovementOf(d).sequenceNumber : null, ...more };
    if (errorDescriptions?.length) extra.errorDescriptions = errorDescriptions;
    this.store.publishActionFinished(d, `${pascal(action)}${ok ? 'Successful' : 'Unsuccessful'}`, action, reason, extra);
  }

  /** Accepts an action for background processing (the 202). */
  enqueue(declarationId: string, action: DeclarationAction, body: unknown, documentType?: GenerateDocumentType): string {
    const referenceId = randomUUID();
    this.ctx.jobs.enqueue(JOB_DECLARATION_ACTION, { referenceId, declarationId, action, body: body ?? null, ...(documentType ? { documentType } : {}) });
    return referenceId;
  }

  /** Sends an EMCS message: it is pending until the simulated answer (job emcs.response). Call inside a transaction. */
  submitEmcs(d: DeclarationRecord, action: EmcsAction, body: unknown): void {
    const movement = exciseMovementOf(d);
    const messageId = randomUUID();
    saveExciseMovement(this.store, d.id, { ...movement, pendingMessage: { messageId, message: EMCS_MESSAGES[action], action, submittedAt: this.ctx.now().toISOString() } });
    if (action === 'changeDestination') this.store.updateStatus(d.id, 'ChangingDestination');
    this.ctx.jobs.enqueue(JOB_EMCS_RESPONSE, { declarationId: d.id, messageId, body: body ?? null }, this.scaled(EMCS_RESPONSE_DELAY_MS));
  }

  async handleAction(payload: unknown): Promise<void> {
    const job = actionJobSchema.parse(payload);
    const { action } = job;
    const documentType = action === 'generateSad' ? 'SAD' : job.documentType;
    const toRender = this.ctx.db.transaction((): DeclarationRecord | undefined => {
      const d = this.store.getById(job.declarationId);
      if (!d) return undefined;
      const refusal = refusalOf(action, subjectOf(d), documentType);
      if (refusal) {
        this.finished(d, action, false, refusal);
        return undefined;
      }
      switch (action) {
        case 'generateSad':
        case 'generateDocument':
          return d;
        case 'submit': {
          const r = this.services.flows.submit(d.id);
          this.finished(r.declaration ?? d, action, r.ok, r.ok ? undefined : r.reason);
          return undefined;
        }
        case 'validate': {
          const r = this.services.flows.revalidate(d.id);
          const after = r.declaration ?? d;
          if (!r.ok) this.finished(after, action, false, r.reason);
          else if (after.errors.length) this.finished(after, action, false, `Validation found ${after.errors.length} error(s); see the declaration errors.`, after.errors.map((e) => `${e.errorCode}: ${e.message}`));
          else this.finished(after, action, true);
          return undefined;
        }
        case 'goodsArrived': {
          // The presentation notification: GoodsArrivedSuccessful; an Accepted declaration is then released on the usual schedule.
          const r = this.services.flows.goodsArrived(d.id);
          this.finished(r.declaration ?? d, action, r.ok, r.ok ? undefined : r.reason);
          return undefined;
        }
        case 'invalidate':
          if (d.arc) this.submitEmcs(d, 'invalidate', job.body);
          else {
            const after = this.store.updateStatus(d.id, INVALIDATION_REQUESTED);
            this.ctx.jobs.enqueue(JOB_INVALIDATION_RESPONSE, { declarationId: d.id, submission: after.submission }, this.scaled(INVALIDATION_RESPONSE_DELAY_MS));
          }
          return undefined;
        case 'receiptReport':
        case 'complementaryExplanation':
        case 'changeDestination':
        case 'rejectOrAlertEad':
        case 'delayForDelivery':
          this.submitEmcs(d, action, job.body);
          return undefined;
      }
    })();
    if (!toRender || !documentType) return;
    try {
      await this.produce(toRender, documentType, true);
      this.finished(this.store.getById(toRender.id) ?? toRender, action, true);
    } catch (err) {
      this.ctx.log.error({ err, declarationId: toRender.id, documentType }, 'document generation failed');
      this.finished(toRender, action, false, `The ${documentType} could not be produced.`);
    }
  }

  /** Job emcs.response: EMCS accepts the pending message; the movement moves on (README, EMCS). */
  handleEmcsResponse(payload: unknown): void {
    const job = emcsJobSchema.parse(payload);
    this.ctx.db.transaction(() => {
      const d = this.store.getById(job.declarationId);
      if (!d) return;
      const movement = exciseMovementOf(d);
      const pending = movement.pendingMessage;
      if (pending?.messageId !== job.messageId) return; // stale
      const parsedAction = declarationActionSchema.safeParse(pending.action);
      if (!parsedAction.success) return;
      const action = parsedAction.data;
      const acceptedAt = this.ctx.now().toISOString();
      const next: ExciseMovement = { ...movement, pendingMessage: null, history: [...movement.history, { message: pending.message, action, acceptedAt, sequenceNumber: movement.sequenceNumber }] };
      let status = d.status;
      let continued: DeclarationRecord | undefined;
      switch (action) {
        case 'invalidate':
          status = 'Cancelled';
          break;
        case 'receiptReport': {
          const body = receiptReportBodySchema().parse(job.body);
          const report = body.exciseGoodsShipment.exciseMovement.reportOfReceipt;
          next.reportOfReceipt = {
            globalConclusionOfReceipt: report.globalConclusionOfReceipt,
            dateOfArrivalOfExciseProducts: report.dateOfArrivalOfExciseProducts,
            shortageOrExcess: notesShortageOrExcess(body),
            acceptedAt,
          };
          status = RECEIPT_OUTCOME[report.globalConclusionOfReceipt] ?? d.status;
          break;
        }
        case 'changeDestination': {
          // IE813 accepted. The specification: Change Destination "splits the declaration": the
          // movement goes on in a new declaration (same ARC, next sequence number, the new
          // consignee) and this one ends Diverted.
          const body = changeDestinationBodySchema.parse(job.body);
          const consignee = body.exciseGoodsShipment.consigneeTrader;
          const gs = isPlainObject(d.header.goodsShipment) ? d.header.goodsShipment : {};
          continued = this.continueMovement(d, { ...next, sequenceNumber: movement.sequenceNumber + 1 }, consignee ? { ...gs, consignee: partyOf(consignee) } : gs);
          status = 'Diverted';
          break;
        }
        case 'rejectOrAlertEad':
          status = rejectOrAlertEadBodySchema.parse(job.body).eadEsadRejectedFlag ? 'Rejected' : 'Alerted';
          break;
        default:
          break; // IE837, IE871: no status change
      }
      saveExciseMovement(this.store, d.id, next);
      const after = status !== d.status ? this.store.updateStatus(d.id, status) : (this.store.getById(d.id) ?? d);
      this.finished(after, action, true, undefined, undefined, continued ? { continuedIn: continued.id } : {});
    })();
  }

  /** A new declaration that carries the movement on after a change of destination (announced by its DeclarationStatusChanged). */
  private continueMovement(d: DeclarationRecord, movement: ExciseMovement, goodsShipment: JsonObject): DeclarationRecord {
    const { lastUpdated: _lastUpdated, errors: _errors, submission: _submission, ...rest } = d;
    const now = this.ctx.now();
    const id = randomUUID();
    this.store.insert(
      {
        ...rest,
        id,
        status: 'Accepted',
        lrn: formatLrn(nextCounter(this.ctx.db, 'lrn'), d.jurisdiction, now),
        creationDate: now.toISOString(),
        header: { ...d.header, goodsShipment, [EXCISE_MOVEMENT_FIELD]: movement },
      },
      this.store.items(d.id),
    );
    const created = this.store.getById(id);
    if (!created) throw new Error(`declaration ${id} was not stored`);
    this.store.publishStatusChanged(created);
    return created;
  }

  /** Job customs.invalidation: customs grants the invalidation. */
  handleInvalidationResponse(payload: unknown): void {
    const job = invalidationJobSchema.parse(payload);
    this.ctx.db.transaction(() => {
      const d = this.store.getById(job.declarationId);
      if (!d || d.status !== INVALIDATION_REQUESTED || d.submission !== job.submission) return;
      this.finished(this.store.updateStatus(d.id, INVALIDATED), 'invalidate', true);
    })();
  }

  /** Job documents.generate: a document the flow step produces automatically. */
  async handleDocument(payload: unknown): Promise<void> {
    const job = documentJobSchema.parse(payload);
    const d = this.store.getById(job.declarationId);
    if (d) await this.produce(d, job.documentType, true);
  }

  /** DeclarationStatusChanged listener: enqueues the document the step produces on this status (runs inside the publishing transaction). */
  onEvent(e: EventEnvelope): void {
    if (e.eventType !== 'DeclarationStatusChanged' || typeof e.data.id !== 'string') return;
    const d = this.store.getById(e.data.id);
    if (!d) return;
    const documentType = automaticDocument(subjectOf(d), e.eventSubType);
    if (documentType) this.ctx.jobs.enqueue(JOB_DOCUMENT, { declarationId: d.id, documentType });
  }

  private source(d: DeclarationRecord): DocumentSource {
    const sad = singleAdministrativeDocumentSchema.safeParse(d.header);
    return {
      declarationId: d.id,
      lrn: d.lrn,
      mrn: d.mrn,
      arc: d.arc,
      currentStatus: d.status,
      customsFlow: d.customsFlow,
      customsFlowStep: d.customsFlowStep,
      jurisdiction: d.jurisdiction,
      externalReference: d.externalReference,
      direction: d.direction,
      sad: sad.success ? sad.data : {},
      goodsItems: this.store.items(d.id).map((i) => {
        const parsed = goodsItemSchema.safeParse(i.data);
        return parsed.success ? parsed.data : {};
      }),
    };
  }

  /** Renders and stores a document; `announce` publishes DeclarationPdfCreated (through ctx.documents.service). */
  private async produce(d: DeclarationRecord, documentType: GenerateDocumentType, announce: boolean): Promise<void> {
    if (announce) {
      await this.ctx.documents.service.generate(d.tenantId, documentType, this.source(d), this.store.eventData(d));
      return;
    }
    const source = this.source(d);
    const pdf = await renderDeclarationPdf(documentType, source, this.ctx.now());
    this.ctx.documents.store.add(d.tenantId, d.id, documentType, `${documentType}-${d.mrn ?? d.lrn}.pdf`, pdf);
  }

  /** Seed: records the documents seeded declarations already have (rendered lazily, see materializeSeeded). No events. */
  seedDocuments(): void {
    const insert = this.ctx.db.prepare('INSERT OR IGNORE INTO seeded_documents (declaration_id, document_type) VALUES (?, ?)');
    const ids = this.ctx.db.prepare<[], { id: string }>("SELECT id FROM declarations WHERE arc IS NULL AND current_status IN ('Accepted', 'Released')").all();
    this.ctx.db.transaction(() => {
      for (const { id } of ids) {
        const d = this.store.getById(id);
        if (d) for (const type of documentsProducedBy(subjectOf(d))) insert.run(id, type);
      }
    })();
  }

  /**
   * Attachment hook: renders the documents a seeded declaration owes before its attachments are
   * listed (seeding 100+ PDFs up front would slow every start). Silent, as the seed is.
   */
  async materializeSeeded(d: DeclarationRecord): Promise<void> {
    const owed = this.ctx.db.prepare<[string], { document_type: string }>('SELECT document_type FROM seeded_documents WHERE declaration_id = ?').all(d.id);
    for (const { document_type } of owed) {
      const type = generateDocumentTypeSchema.safeParse(document_type);
      if (!type.success) continue;
      const key = `${d.id}:${type.data}`;
      let running = this.rendering.get(key);
      if (!running) {
        running = (async () => {
          const still = this.ctx.db.prepare('SELECT 1 FROM seeded_documents WHERE declaration_id = ? AND document_type = ?').get(d.id, type.data);
          if (!still) return;
          await this.produce(d, type.data, false);
          this.ctx.db.prepare('DELETE FROM seeded_documents WHERE declaration_id = ? AND document_type = ?').run(d.id, type.data);
        })().finally(() => this.rendering.delete(key));
        this.rendering.set(key, running);
      }
      await running;
    }
  }

  registerJobs(): void {
    const { jobs } = this.ctx;
    jobs.register(JOB_DECLARATION_ACTION, async (p) => this.handleAction(p), 4);
    jobs.register(JOB_EMCS_RESPONSE, async (p) => this.handleEmcsResponse(p), 4);
    jobs.register(JOB_INVALIDATION_RESPONSE, async (p) => this.handleInvalidationResponse(p), 4);
    jobs.register(JOB_DOCUMENT, async (p) => this.handleDocument(p), 2);
  }
}
