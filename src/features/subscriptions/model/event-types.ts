import { isKnownEventType, KNOWN_EVENT_SUB_TYPES, KNOWN_EVENT_TYPES, type KnownEventType } from '../../../contract/events';

export const KNOWN_TYPES: readonly string[] = KNOWN_EVENT_TYPES;

/** The known event type typed (its meaning is in the `subscriptions` catalog, eventTypes.<type>), or undefined. */
export function knownTypeOf(eventType: string): KnownEventType | undefined {
  const t = eventType.trim();
  return isKnownEventType(t) ? t : undefined;
}

/** Suggestions only: the service accepts any subtype (any declaration status, for instance). */
export function subtypeSuggestions(eventType: string): readonly string[] {
  const t = eventType.trim();
  return isKnownEventType(t) ? KNOWN_EVENT_SUB_TYPES[t] : [];
}
