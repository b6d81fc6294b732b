import { isKnownEventType, KNOWN_EVENT_SUB_TYPES, KNOWN_EVENT_TYPES, type KnownEventType } from '../../../contract/events';

/** What each known event type means, for the form's picker (specification, Events). */
export const EVENT_TYPE_MEANINGS: Record<KnownEventType, string> = {
  DeclarationStatusChanged: "A declaration's status changed; the subtype is the new status (e.g. Released).",
  DeclarationPdfCreated: 'A declaration PDF was generated and can be downloaded.',
  CustomsShipmentInformation: 'The outcome of creating or replacing a customs shipment.',
  DeclarationActionFinished: 'A declaration action (e.g. a header update) finished.',
  CoOPDFCreated: 'A certificate of origin PDF was created.',
};

export const KNOWN_TYPES: readonly string[] = KNOWN_EVENT_TYPES;

export function meaningOf(eventType: string): string | undefined {
  const t = eventType.trim();
  return isKnownEventType(t) ? EVENT_TYPE_MEANINGS[t] : undefined;
}

/** Suggestions only: the service accepts any subtype (any declaration status, for instance). */
export function subtypeSuggestions(eventType: string): readonly string[] {
  const t = eventType.trim();
  return isKnownEventType(t) ? KNOWN_EVENT_SUB_TYPES[t] : [];
}
