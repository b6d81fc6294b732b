import type { DeclarationStatus } from '../../contract/declaration-statuses.js';
import type { DeclarationEventData } from '../../contract/declarations.js';
import { declarationEventData } from '../../contract/events.js';
import type { EventBus } from '../events/event-bus.js';
import type { DeclarationRecord, JsonObject, StatusChangeOptions } from '../store/declarations/declaration-record.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';

/**
 * Status changes of declarations and the events about them. Rules kept here:
 * - `updateStatus` changes the status and publishes DeclarationStatusChanged in the caller's
 *   transaction; nothing else publishes that event but `statusChanged` for a new declaration.
 * - DeclarationActionFinished carries the declaration event data plus the action's outcome.
 * - Each event carries the fields its type has (contract/events.ts DECLARATION_EVENT_FIELDS):
 *   acceptanceDate and currentStatus on status changes only.
 */
export class DeclarationEvents {
  constructor(private readonly deps: { events: EventBus; publicUrl: string; now: () => Date }) {}

  declarationUrl(id: string): string {
    return `${this.deps.publicUrl}/v1/declarations/${id}`;
  }

  /**
   * Sets the status (and what the options name) and, when the status changed, publishes
   * DeclarationStatusChanged (subtype = the new status). The declaration as it is afterwards.
   * Only statuses of the status table (contract/declaration-statuses.ts) can be set.
   */
  async updateStatus(
    tx: SandboxRepositories,
    id: string,
    status: DeclarationStatus,
    options: StatusChangeOptions = {},
  ): Promise<DeclarationRecord> {
    const before = await tx.declarations.lockById(id);
    if (!before) throw new Error(`declaration ${id} not found`);
    const after = await tx.declarations.updateStatus(id, status, options, this.deps.now().toISOString());
    if (!after) throw new Error(`declaration ${id} vanished`);
    if (before.status !== status) await this.statusChanged(tx, after);
    return after;
  }

  /** Publishes DeclarationStatusChanged for the declaration as it is (also when a declaration is created). */
  async statusChanged(tx: SandboxRepositories, d: DeclarationRecord): Promise<void> {
    await this.deps.events.publishIn(tx, {
      tenantId: d.tenantId,
      eventType: 'DeclarationStatusChanged',
      eventSubType: d.status,
      data: declarationEventData('DeclarationStatusChanged', { ...this.eventData(d), currentStatus: d.status }),
    });
  }

  /**
   * DeclarationActionFinished with the declaration event data plus action, reason and
   * errorDescriptions; `extra` adds fields such as the excise sequenceNumber (docs/service-facts.md 2.2).
   */
  async actionFinished(
    tx: SandboxRepositories,
    d: DeclarationRecord,
    subType: string,
    action: string,
    reason?: string,
    extra: JsonObject = {},
  ): Promise<void> {
    const data: JsonObject = { ...this.eventData(d), action };
    if (reason) Object.assign(data, { reason, errorDescriptions: [reason] });
    Object.assign(data, extra);
    await this.deps.events.publishIn(tx, {
      tenantId: d.tenantId,
      eventType: 'DeclarationActionFinished',
      eventSubType: subType,
      data: declarationEventData('DeclarationActionFinished', data),
    });
  }

  /** Declaration event data (specification, Events) plus the docs/service-facts.md 3.2 extras, before each event type takes its own fields. */
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
}
