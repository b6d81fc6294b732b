import { declarationJobOrder } from '../declarations/declaration-changes.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  changeDestinationBodySchema,
  complementaryExplanationBodySchema,
  declarationActionSchema,
  delayForDeliveryBodySchema,
  generateDocumentTypeSchema,
  receiptReportBodySchema,
  rejectOrAlertEadBodySchema,
  type DeclarationAction,
} from '../../contract/declaration-actions.js';
import type { DeclarationStatus } from '../../contract/declaration-statuses.js';
import { EMCS_NEEDS, type NeededField } from '../../contract/emcs-needs.js';
import type { SandboxContext } from '../context.js';
import { documentSource } from '../documents/document-source.js';
import type { EventEnvelope } from '../events/event-bus.js';
import { CUSTOMS_RESPONSE_DELAY_MS } from '../flows/flow-engine.js';
import { nextLrn } from '../flows/identifiers.js';
import { isPlainObject } from '../flows/selective-update.js';
import type { DeclarationRecord, JsonObject } from '../store/declarations/declaration-record.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { defineJob } from '../worker/job-definition.js';
import { automaticDocument, refusalOf, subjectOf, type GenerateDocumentType } from './availability.js';
import {
  EMCS_MESSAGES,
  EXCISE_MOVEMENT_FIELD,
  exciseMovementOf,
  saveExciseMovement,
  type EmcsAction,
  type ExciseMovement,
} from './excise-movement.js';

/** What the action service uses of the sandbox's context: the signature says what it depends on. */
type ActionServiceDeps = Pick<SandboxContext, 'config' | 'declarations' | 'documents' | 'jobs' | 'log' | 'now' | 'store'>;

/** Time EMCS takes to answer a submitted message (sandbox default; divided by the time scale). */
export const EMCS_RESPONSE_DELAY_MS = 3_000;
/** Time customs takes to answer an invalidation request (sandbox default, the customs response time). */
export const INVALIDATION_RESPONSE_DELAY_MS = CUSTOMS_RESPONSE_DELAY_MS;

/** Status between an invalidation request and the customs answer (sandbox name). */
export const INVALIDATION_REQUESTED: DeclarationStatus = 'InvalidationRequested';
export const INVALIDATED: DeclarationStatus = 'Invalidated';

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

const declarationActionJob = defineJob('declaration.action', actionJobSchema);
const emcsResponseJob = defineJob('emcs.response', emcsJobSchema);
const invalidationResponseJob = defineJob('customs.invalidation', invalidationJobSchema);
const documentJob = defineJob('documents.generate', documentJobSchema);

/** Receipt conclusion → movement status (specification codes; HMRC grouping, docs/service-facts.md 6.3). */
export const RECEIPT_OUTCOME: Readonly<Record<string, DeclarationStatus>> = {
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
    return (
      r.indicatorOfShortageOrExcess !== undefined ||
      (r.unsatisfactoryReasons ?? []).some((u) => u.unsatisfactoryReasonCode === '1' || u.unsatisfactoryReasonCode === '2')
    );
  });
}

/** The trader of a Change Destination body as a party of the document. */
function partyOf(trader: JsonObject): JsonObject {
  const refs = Array.isArray(trader.businessPartnerReferences) ? trader.businessPartnerReferences : [];
  return {
    ...(typeof trader.name === 'string' ? { name: trader.name } : {}),
    businessPartnerReference: refs,
    ...(isPlainObject(trader.address) ? { address: trader.address } : {}),
  };
}

/** The fields EMCS needs that a body accepted with 202 left out (the body passed its schema in the route). */
function missingForEmcs(action: DeclarationAction, body: unknown): NeededField[] {
  switch (action) {
    case 'rejectOrAlertEad':
      return EMCS_NEEDS.rejectOrAlertEad(rejectOrAlertEadBodySchema.parse(body));
    case 'delayForDelivery':
      return EMCS_NEEDS.delayForDelivery(delayForDeliveryBodySchema.parse(body));
    case 'changeDestination':
      return EMCS_NEEDS.changeDestination(changeDestinationBodySchema.parse(body));
    case 'complementaryExplanation':
      return EMCS_NEEDS.complementaryExplanation(complementaryExplanationBodySchema.parse(body));
    default:
      return [];
  }
}

/**
 * Runs the declaration actions (README.md beside this file): the outcome of every action is a
 * DeclarationActionFinished event `<Action>Successful` / `<Action>Unsuccessful`; EMCS messages
 * and invalidations get their answer after a simulated delay; documents are rendered by
 * ctx.documents (which announces them with DeclarationPdfCreated). Methods taking `tx` run in
 * the caller's store transaction; the job handlers open their own.
 */
export class ActionService {
  constructor(private readonly ctx: ActionServiceDeps) {}

  private get declarations() {
    return this.ctx.declarations;
  }

  private scaled(ms: number): number {
    return Math.round(ms / this.ctx.config.timeScale);
  }

  /** Publishes the outcome: declaration event data + action, arc, sequenceNumber (+ reason, errorDescriptions). */
  async finished(
    tx: SandboxRepositories,
    d: DeclarationRecord,
    action: DeclarationAction,
    ok: boolean,
    reason?: string,
    errorDescriptions?: string[],
    more: JsonObject = {},
  ): Promise<void> {
    const extra: JsonObject = { sequenceNumber: d.arc ? exciseMovementOf(d).sequenceNumber : null, ...more };
    if (errorDescriptions?.length) extra.errorDescriptions = errorDescriptions;
    await this.declarations.events.actionFinished(tx, d, `${pascal(action)}${ok ? 'Successful' : 'Unsuccessful'}`, action, reason, extra);
  }

  /** Accepts an action for background processing (the 202's referenceId). */
  async enqueue(
    tx: SandboxRepositories,
    declarationId: string,
    action: DeclarationAction,
    body: unknown,
    documentType?: GenerateDocumentType,
  ): Promise<string> {
    const referenceId = randomUUID();
    await this.ctx.jobs.enqueueIn(
      tx,
      declarationActionJob,
      { referenceId, declarationId, action, body: body ?? null, ...(documentType ? { documentType } : {}) },
      0,
      declarationJobOrder(declarationId),
    );
    return referenceId;
  }

  /** Sends an EMCS message: it is pending until the simulated answer (job emcs.response). */
  async submitEmcs(tx: SandboxRepositories, d: DeclarationRecord, action: EmcsAction, body: unknown): Promise<void> {
    const movement = exciseMovementOf(d);
    const messageId = randomUUID();
    await saveExciseMovement(
      tx.declarations,
      d.id,
      { ...movement, pendingMessage: { messageId, message: EMCS_MESSAGES[action], action, submittedAt: this.ctx.now().toISOString() } },
      this.ctx.now(),
    );
    if (action === 'changeDestination') await this.declarations.events.updateStatus(tx, d.id, 'ChangingDestination');
    await this.ctx.jobs.enqueueIn(
      tx,
      emcsResponseJob,
      { declarationId: d.id, messageId, body: body ?? null },
      this.scaled(EMCS_RESPONSE_DELAY_MS),
    );
  }

  async handleAction(job: z.output<typeof actionJobSchema>): Promise<void> {
    const { action } = job;
    const documentType = action === 'generateSad' ? 'SAD' : job.documentType;
    const toRender = await this.ctx.store.transaction(async (tx): Promise<DeclarationRecord | undefined> => {
      const d = await tx.declarations.lockById(job.declarationId);
      if (!d) return undefined;
      const refusal = refusalOf(action, subjectOf(d), documentType);
      if (refusal) {
        await this.finished(tx, d, action, false, refusal);
        return undefined;
      }
      // Refused like an action outside its availability row: 202 given, the message never sent.
      const missing = missingForEmcs(action, job.body);
      if (missing.length) {
        const reasons = missing.map((m) => m.reason);
        await this.finished(tx, d, action, false, reasons.join(' '), reasons);
        return undefined;
      }
      await this.run(tx, d, action, job.body);
      return action === 'generateSad' || action === 'generateDocument' ? d : undefined;
    });
    if (!toRender || !documentType) return;
    // Rendered outside the transaction (it takes a while); the outcome follows the stored PDF.
    try {
      await this.produce(toRender, documentType);
      await this.ctx.store.transaction(async (tx) =>
        this.finished(tx, (await tx.declarations.getById(toRender.id)) ?? toRender, action, true),
      );
    } catch (err) {
      this.ctx.log.error({ err, declarationId: toRender.id, documentType }, 'document generation failed');
      await this.ctx.store.transaction(async (tx) =>
        this.finished(tx, toRender, action, false, `The ${documentType} could not be produced.`),
      );
    }
  }

  /** An action that passed its availability check (document generation happens after the transaction). */
  private async run(tx: SandboxRepositories, d: DeclarationRecord, action: DeclarationAction, body: unknown): Promise<void> {
    const { flows } = this.declarations;
    switch (action) {
      case 'generateSad':
      case 'generateDocument':
        return;
      case 'submit': {
        const r = await flows.submit(tx, d.id);
        await this.finished(tx, r.declaration ?? d, action, r.ok, r.ok ? undefined : r.reason);
        return;
      }
      case 'validate': {
        const r = await flows.revalidate(tx, d.id);
        const after = r.declaration ?? d;
        if (!r.ok) await this.finished(tx, after, action, false, r.reason);
        else if (after.errors.length)
          await this.finished(
            tx,
            after,
            action,
            false,
            `Validation found ${after.errors.length} error(s); see the declaration errors.`,
            after.errors.map((e) => `${e.errorCode}: ${e.message}`),
          );
        else await this.finished(tx, after, action, true);
        return;
      }
      case 'goodsArrived': {
        // The presentation notification: GoodsArrivedSuccessful; an Accepted declaration is then released on the usual schedule.
        const r = await flows.goodsArrived(tx, d.id);
        await this.finished(tx, r.declaration ?? d, action, r.ok, r.ok ? undefined : r.reason);
        return;
      }
      case 'invalidate':
        if (d.arc) await this.submitEmcs(tx, d, 'invalidate', body);
        else {
          const after = await this.declarations.events.updateStatus(tx, d.id, INVALIDATION_REQUESTED);
          await this.ctx.jobs.enqueueIn(
            tx,
            invalidationResponseJob,
            { declarationId: d.id, submission: after.submission },
            this.scaled(INVALIDATION_RESPONSE_DELAY_MS),
          );
        }
        return;
      case 'receiptReport':
      case 'complementaryExplanation':
      case 'changeDestination':
      case 'rejectOrAlertEad':
      case 'delayForDelivery':
        await this.submitEmcs(tx, d, action, body);
        return;
    }
  }

  /** Job emcs.response: EMCS accepts the pending message; the movement moves on (README, EMCS). */
  async handleEmcsResponse(job: z.output<typeof emcsJobSchema>): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      const d = await tx.declarations.lockById(job.declarationId);
      if (!d) return;
      const movement = exciseMovementOf(d);
      const pending = movement.pendingMessage;
      if (pending?.messageId !== job.messageId) return; // stale
      const parsedAction = declarationActionSchema.safeParse(pending.action);
      if (!parsedAction.success) return;
      const action = parsedAction.data;
      const acceptedAt = this.ctx.now().toISOString();
      const next: ExciseMovement = {
        ...movement,
        pendingMessage: null,
        history: [...movement.history, { message: pending.message, action, acceptedAt, sequenceNumber: movement.sequenceNumber }],
      };
      let status: DeclarationStatus | undefined;
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
          status = RECEIPT_OUTCOME[report.globalConclusionOfReceipt];
          break;
        }
        case 'changeDestination': {
          // IE813 accepted. The specification: Change Destination "splits the declaration": the
          // movement goes on in a new declaration (same ARC, next sequence number, the new
          // consignee) and this one ends Diverted.
          const body = changeDestinationBodySchema.parse(job.body);
          const consignee = body.exciseGoodsShipment?.consigneeTrader;
          const gs: JsonObject = d.header.goodsShipment ?? {};
          continued = await this.continueMovement(
            tx,
            d,
            { ...next, sequenceNumber: movement.sequenceNumber + 1 },
            consignee ? { ...gs, consignee: partyOf(consignee) } : gs,
          );
          status = 'Diverted';
          break;
        }
        case 'rejectOrAlertEad':
          status = rejectOrAlertEadBodySchema.parse(job.body).eadEsadRejectedFlag ? 'Rejected' : 'Alerted';
          break;
        default:
          break; // IE837, IE871: no status change
      }
      await saveExciseMovement(tx.declarations, d.id, next, this.ctx.now());
      const after =
        status && status !== d.status
          ? await this.declarations.events.updateStatus(tx, d.id, status)
          : ((await tx.declarations.getById(d.id)) ?? d);
      await this.finished(tx, after, action, true, undefined, undefined, continued ? { continuedIn: continued.id } : {});
    });
  }

  /** A new declaration that carries the movement on after a change of destination (announced by its DeclarationStatusChanged). */
  private async continueMovement(
    tx: SandboxRepositories,
    d: DeclarationRecord,
    movement: ExciseMovement,
    goodsShipment: JsonObject,
  ): Promise<DeclarationRecord> {
    const { lastUpdated: _lastUpdated, errors: _errors, submission: _submission, ...rest } = d;
    const now = this.ctx.now();
    const id = randomUUID();
    await tx.declarations.insert([
      {
        declaration: {
          ...rest,
          id,
          status: 'Accepted',
          lrn: await nextLrn(tx.declarationCounters, d.jurisdiction, now),
          creationDate: now.toISOString(),
          header: { ...d.header, goodsShipment, [EXCISE_MOVEMENT_FIELD]: movement },
        },
        items: await tx.declarations.items(d.id),
      },
    ]);
    const created = await tx.declarations.getById(id);
    if (!created) throw new Error(`declaration ${id} was not stored`);
    await this.declarations.events.statusChanged(tx, created);
    return created;
  }

  /** Job customs.invalidation: customs grants the invalidation. */
  async handleInvalidationResponse(job: z.output<typeof invalidationJobSchema>): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      const d = await tx.declarations.lockById(job.declarationId);
      if (!d || d.status !== INVALIDATION_REQUESTED || d.submission !== job.submission) return;
      await this.finished(tx, await this.declarations.events.updateStatus(tx, d.id, INVALIDATED), 'invalidate', true);
    });
  }

  /** Job documents.generate: a document the flow step produces automatically. */
  async handleDocument(job: z.output<typeof documentJobSchema>): Promise<void> {
    const d = await this.ctx.store.repos.declarations.getById(job.declarationId);
    if (d) await this.produce(d, job.documentType);
  }

  /** DeclarationStatusChanged listener: enqueues the document the step produces on this status (in the publishing transaction). */
  async onEvent(tx: SandboxRepositories, e: EventEnvelope): Promise<void> {
    if (e.eventType !== 'DeclarationStatusChanged' || typeof e.data.id !== 'string') return;
    const d = await tx.declarations.getById(e.data.id);
    if (!d) return;
    const documentType = automaticDocument(subjectOf(d), e.eventSubType);
    if (documentType) await this.ctx.jobs.enqueueIn(tx, documentJob, { declarationId: d.id, documentType });
  }

  /** Renders, stores and announces a document (DeclarationPdfCreated, through ctx.documents.service). */
  private async produce(d: DeclarationRecord, documentType: GenerateDocumentType): Promise<void> {
    const items = await this.ctx.store.repos.declarations.items(d.id);
    await this.ctx.documents.service.generate(d.tenantId, documentType, documentSource(d, items), this.declarations.events.eventData(d));
  }

  registerJobs(): void {
    const { jobs } = this.ctx;
    jobs.register(declarationActionJob, async (p) => this.handleAction(p), 4);
    jobs.register(emcsResponseJob, async (p) => this.handleEmcsResponse(p), 4);
    jobs.register(invalidationResponseJob, async (p) => this.handleInvalidationResponse(p), 4);
    jobs.register(documentJob, async (p) => this.handleDocument(p), 2);
  }
}
