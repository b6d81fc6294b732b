import { customsShipmentInformationDataSchema, declarationEventDataSchema } from '../../../contract/events';
import type { LiveEvent } from '../../../contract/live';

/** One message this session sent, with what the 202 answered. */
export interface SentMessage {
  referenceId: string;
  externalReference: string;
  direction: string;
  messageType: string;
  sentAt: string;
}

export interface ShipmentInformation {
  eventId: string;
  subType: string;
  eventTime: string;
  errorDescriptions: readonly string[];
}

export interface FollowedDeclaration {
  declarationId: string;
  /** What the link reads (the event's LRN). */
  lrn: string | undefined;
  status: string;
  customsFlowStep: string | undefined;
  eventTime: string;
}

/** Only these two event types can tell what became of a sent shipment. */
export const isFollowUpEvent = (event: LiveEvent): boolean =>
  event.eventType === 'CustomsShipmentInformation' || event.eventType === 'DeclarationStatusChanged';

/** CustomsShipmentInformation events about this ingestion (ingestionReferences holds its referenceId), oldest first. */
export function shipmentInformationFor(events: readonly LiveEvent[], referenceId: string): ShipmentInformation[] {
  return events
    .filter((e) => e.eventType === 'CustomsShipmentInformation')
    .flatMap((e) => {
      const data = customsShipmentInformationDataSchema.safeParse(e.data);
      if (!data.success || !data.data.ingestionReferences?.includes(referenceId)) return [];
      return [
        {
          eventId: e.id,
          subType: e.eventSubType ?? 'Information',
          eventTime: e.eventTime,
          errorDescriptions: data.data.errorDescriptions ?? [],
        },
      ];
    })
    .sort((a, b) => a.eventTime.localeCompare(b.eventTime));
}

/**
 * Declarations of the shipment (DeclarationStatusChanged whose customsShipmentReference is the
 * sent externalReference), one per declaration with its latest status, in order of appearance.
 */
export function declarationsFor(events: readonly LiveEvent[], externalReference: string): FollowedDeclaration[] {
  const byId = new Map<string, FollowedDeclaration>();
  const sorted = events.filter((e) => e.eventType === 'DeclarationStatusChanged').sort((a, b) => a.eventTime.localeCompare(b.eventTime));
  for (const e of sorted) {
    const data = declarationEventDataSchema.safeParse(e.data);
    if (!data.success || data.data.customsShipmentReference !== externalReference) continue;
    const status = data.data.currentStatus ?? e.eventSubType ?? 'Unknown';
    byId.set(data.data.id, {
      declarationId: data.data.id,
      lrn: data.data.lrn ?? undefined,
      status,
      customsFlowStep: data.data.customsFlowStep ?? undefined,
      eventTime: e.eventTime,
    });
  }
  return [...byId.values()];
}
