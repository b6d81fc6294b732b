import { randomUUID } from 'node:crypto';
import { customsShipmentSchema, normalizeCustomsShipment, singleAdministrativeDocumentSchema, type CustomsShipment, type Direction } from '../../contract/customs-shipment.js';
import { EDITABLE_STATUSES } from '../../contract/declarations.js';
import { articleDataItemsMessageSchema, businessPartnersMessageSchema, type CustomsShipmentInformationData } from '../../contract/ingestion.js';
import type { SandboxContext } from '../context.js';
import type { DeclarationServices } from '../declarations/declaration-services.js';
import type { JsonObject } from '../declarations/declaration-store.js';
import { isPlainObject, mergeSelective, patchDocument, stableStringify, withoutNulls } from '../flows/selective-update.js';
import { ingestionJobSchema, type IngestionMessage, type IngestionStore } from './ingestion-store.js';

/**
 * Processes ingested messages (job ingestion.process), one transaction per message. A message
 * is processed once: a re-run after a crash finds it no longer Received and does nothing.
 * Message type semantics: README, "Ingestion".
 */
export class IngestionProcessor {
  constructor(
    private readonly ctx: SandboxContext,
    private readonly services: DeclarationServices,
    private readonly messages: IngestionStore,
  ) {}

  handle(payload: unknown): void {
    const { referenceId } = ingestionJobSchema.parse(payload);
    this.ctx.db.transaction(() => {
      const message = this.messages.get(referenceId);
      if (!message || message.status !== 'Received') return;
      const failures = this.process(message);
      this.messages.finish(referenceId, failures.length ? 'Failed' : 'Processed', failures);
    })();
  }

  /** Returns error descriptions (empty when processed). */
  private process(message: IngestionMessage): string[] {
    switch (message.kind) {
      case 'ArticleDataItems':
        this.services.masterData.upsertArticles(message.tenantId, articleDataItemsMessageSchema.parse(message.body));
        return [];
      case 'BusinessPartners':
        this.services.masterData.upsertBusinessPartners(message.tenantId, businessPartnersMessageSchema.parse(message.body));
        return [];
      case 'CustomsShipment':
        return this.processShipment(message.tenantId, message.referenceId, normalizeCustomsShipment(customsShipmentSchema.parse(message.body)));
    }
  }

  private shipmentInformation(tenantId: string, subType: string, referenceId: string, s: { externalReference: string; direction: Direction }, errorDescriptions?: string[]): void {
    const data: CustomsShipmentInformationData = {
      tenantId,
      ingestionReferences: [referenceId],
      businessReference: s.externalReference,
      traderReference: s.externalReference,
      direction: s.direction,
      company: this.ctx.tenants.get(tenantId)?.name ?? null,
      ...(errorDescriptions ? { errorDescriptions } : {}),
    };
    this.ctx.events.publish({ tenantId, eventType: 'CustomsShipmentInformation', eventSubType: subType, data });
  }

  private processShipment(tenantId: string, referenceId: string, shipment: CustomsShipment): string[] {
    const { messageType, ...rest } = shipment;
    const data: JsonObject = { ...rest };
    const existing = this.services.shipments.find(tenantId, shipment.externalReference, shipment.direction);
    const fail = (subType: string, description: string): string[] => {
      this.shipmentInformation(tenantId, subType, referenceId, shipment, [description]);
      return [description];
    };

    switch (messageType) {
      case 'New':
        if (existing) return fail('DuplicateShipment', `A customs shipment with externalReference ${shipment.externalReference} and direction ${shipment.direction} already exists; New does not create a second customs flow.`);
        return this.create(tenantId, referenceId, shipment, data);
      case 'Upsert': {
        if (!existing) return this.create(tenantId, referenceId, shipment, data);
        const next = withoutNulls(data);
        if (stableStringify(next) === stableStringify(existing.data)) return []; // idempotent: nothing changed
        const refusal = this.restartRefusal(existing.id);
        if (refusal) return fail('UpdateUnsuccessful', refusal);
        const restarted = this.restart(tenantId, existing.id, next, shipment);
        if (restarted) return fail('UpdateUnsuccessful', restarted);
        this.services.shipments.updateData(existing.id, next);
        return [];
      }
      case 'Replace': {
        if (!existing) return fail('ReplaceUnsuccessful', `No customs shipment with externalReference ${shipment.externalReference} and direction ${shipment.direction} exists to be replaced.`);
        const refusal = this.restartRefusal(existing.id);
        if (refusal) return fail('ReplaceUnsuccessful', refusal);
        const next = withoutNulls(data);
        const restarted = this.restart(tenantId, existing.id, next, shipment);
        if (restarted) return fail('ReplaceUnsuccessful', restarted);
        this.services.shipments.updateData(existing.id, next);
        this.shipmentInformation(tenantId, 'ReplaceSuccessful', referenceId, shipment);
        return [];
      }
      case 'Update': {
        if (!existing) return fail('UpdateUnsuccessful', `No customs shipment with externalReference ${shipment.externalReference} and direction ${shipment.direction} exists to be updated.`);
        const { externalReference: _e, direction: _d, ...patch } = data;
        this.services.shipments.updateData(existing.id, mergeSelective(existing.data, patch));
        const sadPatch = isPlainObject(patch.singleAdministrativeDocument) ? patch.singleAdministrativeDocument : {};
        const refused: string[] = [];
        for (const d of this.services.store.byShipment(existing.id)) {
          const result = this.services.flows.applyChange(d, (doc) => patchDocument(doc, sadPatch, randomUUID));
          if (!result.ok) {
            this.services.store.publishActionFinished(d, 'HeaderUpdateUnsuccessful', 'update', result.reason);
            refused.push(result.reason);
          }
        }
        return refused;
      }
    }
  }

  private create(tenantId: string, referenceId: string, shipment: CustomsShipment, data: JsonObject): string[] {
    const clean = withoutNulls(data);
    const sadValue = clean.singleAdministrativeDocument;
    const sad = isPlainObject(sadValue) ? sadValue : {};
    const storageLocation = shipment.storageLocationReference?.trim() || null;
    const placed = this.services.flows.placement(shipment.direction, storageLocation, singleAdministrativeDocumentSchema.parse(sad));
    if (!placed.ok) {
      this.shipmentInformation(tenantId, 'CreationUnsuccessful', referenceId, shipment, [placed.reason]);
      return [placed.reason];
    }
    const shipmentId = randomUUID();
    this.services.shipments.insert({ id: shipmentId, tenantId, externalReference: shipment.externalReference, direction: shipment.direction, data: clean });
    this.services.flows.startShipment({ tenantId, shipmentId, externalReference: shipment.externalReference, direction: shipment.direction, storageLocation, placement: placed.placement, sad });
    return [];
  }

  /** Replace (and a changed Upsert) only before submission: every declaration of the shipment must be editable. */
  private restartRefusal(shipmentId: string): string | undefined {
    const blocking = this.services.store.byShipment(shipmentId).find((d) => !EDITABLE_STATUSES.includes(d.status));
    return blocking && `The customs shipment cannot be replaced because declaration ${blocking.lrn} is in status ${blocking.status}; replacing is possible only before submission to customs.`;
  }

  /** Restarts the flow of the shipment's declarations with the new data; returns a reason when no flow fits. */
  private restart(tenantId: string, shipmentId: string, data: JsonObject, shipment: CustomsShipment): string | undefined {
    const sadValue = data.singleAdministrativeDocument;
    const sad = isPlainObject(sadValue) ? sadValue : {};
    const storageLocation = shipment.storageLocationReference?.trim() || null;
    const placed = this.services.flows.placement(shipment.direction, storageLocation, singleAdministrativeDocumentSchema.parse(sad));
    if (!placed.ok) return placed.reason;
    const declarations = this.services.store.byShipment(shipmentId);
    if (declarations.length === 0) {
      this.services.flows.startShipment({ tenantId, shipmentId, externalReference: shipment.externalReference, direction: shipment.direction, storageLocation, placement: placed.placement, sad });
      return undefined;
    }
    for (const d of declarations) this.services.flows.restart(d, placed.placement, storageLocation, sad);
    return undefined;
  }
}
