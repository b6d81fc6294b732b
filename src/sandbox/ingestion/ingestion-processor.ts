import { randomUUID } from 'node:crypto';
import {
  customsShipmentSchema,
  normalizeCustomsShipment,
  singleAdministrativeDocumentSchema,
  type CustomsShipment,
  type Direction,
} from '../../contract/customs-shipment.js';
import { isEditableStatus } from '../../contract/declaration-statuses.js';
import {
  articleDataItemsMessageSchema,
  businessPartnersMessageSchema,
  type CustomsShipmentInformationData,
} from '../../contract/ingestion.js';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { isPlainObject, mergeSelective, patchDocument, stableStringify, withoutNulls } from '../flows/selective-update.js';
import type { JsonObject } from '../store/declarations/declaration-record.js';
import type { StoredMessage } from '../store/ingest-history/ingest-history-repository.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { defineJob } from '../worker/job-definition.js';

/** What the ingestion processor uses of the sandbox's context: the signature says what it depends on. */
type IngestionProcessorDeps = Pick<SandboxContext, 'declarations' | 'events' | 'now' | 'store'>;

export const ingestionJob = defineJob('ingestion.process', z.object({ referenceId: z.string() }));

/** What processing made of a message: error descriptions (none when processed) and the outcome's event subtype. */
interface Outcome {
  errors: string[];
  subType?: string;
}
const DONE: Outcome = { errors: [] };

/**
 * Processes ingested messages (job ingestion.process), one transaction per message. A message
 * is processed once: its row is locked while it is processed, and a re-run after a crash (or a
 * second process) finds it no longer Accepted and does nothing. Message type semantics: README,
 * "Ingestion".
 */
export class IngestionProcessor {
  constructor(private readonly ctx: IngestionProcessorDeps) {}

  private get flows() {
    return this.ctx.declarations.flows;
  }

  async handle({ referenceId }: { referenceId: string }): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      const message = await tx.ingestHistory.lock(referenceId);
      if (message?.outcome !== 'Accepted') return;
      const { errors, subType } = await this.process(tx, message);
      const at = this.ctx.now().toISOString();
      const declarationIds = message.messageType === 'CustomsShipment' ? await this.declarationsOf(tx, message) : [];
      await tx.ingestHistory.finish(referenceId, {
        outcome: errors.length ? 'Unsuccessful' : 'Processed',
        outcomeDetail: subType ?? null,
        errors,
        declarationIds,
        at,
      });
    });
  }

  /** The declarations of the shipment a customs shipment message addressed (created or fed), for the ingest history. */
  private async declarationsOf(tx: SandboxRepositories, message: StoredMessage): Promise<string[]> {
    const { externalReference, direction } = customsShipmentSchema.parse(message.body);
    const shipment = await tx.shipments.find(message.tenantId, externalReference, direction);
    return shipment ? (await tx.declarations.byShipment(shipment.id)).map((d) => d.id) : [];
  }

  private async process(tx: SandboxRepositories, message: StoredMessage): Promise<Outcome> {
    const at = this.ctx.now().toISOString();
    switch (message.messageType) {
      case 'ArticleDataItem':
        await tx.articlesAndPartners.upsertArticles(message.tenantId, articleDataItemsMessageSchema.parse(message.body), at);
        return DONE;
      case 'BusinessPartners':
        await tx.articlesAndPartners.upsertBusinessPartners(message.tenantId, businessPartnersMessageSchema.parse(message.body), at);
        return DONE;
      case 'CustomsShipment':
        return this.processShipment(
          tx,
          message.tenantId,
          message.referenceId,
          normalizeCustomsShipment(customsShipmentSchema.parse(message.body)),
        );
      default:
        throw new Error(`${message.messageType} ${message.referenceId} is not an ingestion message`);
    }
  }

  private async shipmentInformation(
    tx: SandboxRepositories,
    tenantId: string,
    subType: string,
    referenceId: string,
    s: { externalReference: string; direction: Direction },
    errorDescriptions?: string[],
  ): Promise<void> {
    const data: CustomsShipmentInformationData = {
      tenantId,
      ingestionReferences: [referenceId],
      businessReference: s.externalReference,
      traderReference: s.externalReference,
      direction: s.direction,
      company: (await tx.tenants.get(tenantId))?.name ?? null,
      ...(errorDescriptions ? { errorDescriptions } : {}),
    };
    await this.ctx.events.publishIn(tx, { tenantId, eventType: 'CustomsShipmentInformation', eventSubType: subType, data });
  }

  private async processShipment(
    tx: SandboxRepositories,
    tenantId: string,
    referenceId: string,
    shipment: CustomsShipment,
  ): Promise<Outcome> {
    const { messageType, ...rest } = shipment;
    const data: JsonObject = { ...rest };
    const at = this.ctx.now().toISOString();
    const existing = await tx.shipments.find(tenantId, shipment.externalReference, shipment.direction);
    const fail = async (subType: string, description: string): Promise<Outcome> => {
      await this.shipmentInformation(tx, tenantId, subType, referenceId, shipment, [description]);
      return { errors: [description], subType };
    };

    switch (messageType) {
      case 'New':
        if (existing)
          return fail(
            'DuplicateShipment',
            `A customs shipment with externalReference ${shipment.externalReference} and direction ${shipment.direction} already exists; New does not create a second customs flow.`,
          );
        return this.create(tx, tenantId, referenceId, shipment, data);
      case 'Upsert': {
        if (!existing) return this.create(tx, tenantId, referenceId, shipment, data);
        const next = withoutNulls(data);
        if (stableStringify(next) === stableStringify(existing.data)) return DONE; // idempotent: nothing changed
        const refusal = await this.restartRefusal(tx, existing.id);
        if (refusal) return fail('UpdateUnsuccessful', refusal);
        const restarted = await this.restart(tx, tenantId, existing.id, next, shipment);
        if (restarted) return fail('UpdateUnsuccessful', restarted);
        await tx.shipments.updateData(existing.id, next, at);
        return DONE;
      }
      case 'Replace': {
        if (!existing)
          return fail(
            'ReplaceUnsuccessful',
            `No customs shipment with externalReference ${shipment.externalReference} and direction ${shipment.direction} exists to be replaced.`,
          );
        const refusal = await this.restartRefusal(tx, existing.id);
        if (refusal) return fail('ReplaceUnsuccessful', refusal);
        const next = withoutNulls(data);
        const restarted = await this.restart(tx, tenantId, existing.id, next, shipment);
        if (restarted) return fail('ReplaceUnsuccessful', restarted);
        await tx.shipments.updateData(existing.id, next, at);
        await this.shipmentInformation(tx, tenantId, 'ReplaceSuccessful', referenceId, shipment);
        return { errors: [], subType: 'ReplaceSuccessful' };
      }
      case 'Update': {
        if (!existing)
          return fail(
            'UpdateUnsuccessful',
            `No customs shipment with externalReference ${shipment.externalReference} and direction ${shipment.direction} exists to be updated.`,
          );
        const { externalReference: _e, direction: _d, ...patch } = data;
        await tx.shipments.updateData(existing.id, mergeSelective(existing.data, patch), at);
        const sadPatch = isPlainObject(patch.singleAdministrativeDocument) ? patch.singleAdministrativeDocument : {};
        const refused: string[] = [];
        for (const d of await tx.declarations.byShipment(existing.id)) {
          const result = await this.flows.applyChange(tx, d, (doc) => patchDocument(doc, sadPatch, randomUUID));
          if (!result.ok) {
            await this.ctx.declarations.events.actionFinished(tx, d, 'HeaderUpdateUnsuccessful', 'update', result.reason);
            refused.push(result.reason);
          }
        }
        return refused.length ? { errors: refused, subType: 'HeaderUpdateUnsuccessful' } : DONE;
      }
    }
  }

  private async create(
    tx: SandboxRepositories,
    tenantId: string,
    referenceId: string,
    shipment: CustomsShipment,
    data: JsonObject,
  ): Promise<Outcome> {
    const clean = withoutNulls(data);
    const sadValue = clean.singleAdministrativeDocument;
    const sad = isPlainObject(sadValue) ? sadValue : {};
    const storageLocation = shipment.storageLocationReference?.trim() || null;
    const placed = this.flows.placement(shipment.direction, storageLocation, singleAdministrativeDocumentSchema.parse(sad));
    if (!placed.ok) {
      await this.shipmentInformation(tx, tenantId, 'CreationUnsuccessful', referenceId, shipment, [placed.reason]);
      return { errors: [placed.reason], subType: 'CreationUnsuccessful' };
    }
    const shipmentId = randomUUID();
    await tx.shipments.insert(
      { id: shipmentId, tenantId, externalReference: shipment.externalReference, direction: shipment.direction, data: clean },
      this.ctx.now().toISOString(),
    );
    await this.flows.startShipment(tx, {
      tenantId,
      shipmentId,
      externalReference: shipment.externalReference,
      direction: shipment.direction,
      storageLocation,
      placement: placed.placement,
      sad,
    });
    return DONE;
  }

  /** Replace (and a changed Upsert) only before submission: every declaration of the shipment must be editable. */
  private async restartRefusal(tx: SandboxRepositories, shipmentId: string): Promise<string | undefined> {
    const blocking = (await tx.declarations.byShipment(shipmentId)).find((d) => !isEditableStatus(d.status));
    return (
      blocking &&
      `The customs shipment cannot be replaced because declaration ${blocking.lrn} is in status ${blocking.status}; replacing is possible only before submission to customs.`
    );
  }

  /** Restarts the flow of the shipment's declarations with the new data; returns a reason when no flow fits. */
  private async restart(
    tx: SandboxRepositories,
    tenantId: string,
    shipmentId: string,
    data: JsonObject,
    shipment: CustomsShipment,
  ): Promise<string | undefined> {
    const sadValue = data.singleAdministrativeDocument;
    const sad = isPlainObject(sadValue) ? sadValue : {};
    const storageLocation = shipment.storageLocationReference?.trim() || null;
    const placed = this.flows.placement(shipment.direction, storageLocation, singleAdministrativeDocumentSchema.parse(sad));
    if (!placed.ok) return placed.reason;
    const declarations = await tx.declarations.byShipment(shipmentId);
    if (declarations.length === 0) {
      await this.flows.startShipment(tx, {
        tenantId,
        shipmentId,
        externalReference: shipment.externalReference,
        direction: shipment.direction,
        storageLocation,
        placement: placed.placement,
        sad,
      });
      return undefined;
    }
    for (const d of declarations) await this.flows.restart(tx, d, placed.placement, storageLocation, sad);
    return undefined;
  }
}
