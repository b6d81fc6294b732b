import type { z } from 'zod';
import type { newAlertRuleSchema } from '../../../contract/alerts';
import { CONSOLE_HEALTH_EVENT_TYPE, CONSOLE_HEALTH_SUB_TYPES } from '../../../contract/console-health';
import { KNOWN_EVENT_SUB_TYPES, KNOWN_EVENT_TYPES, isKnownEventType } from '../../../contract/events';
import { RADAR_EVENT_TYPE, RADAR_KINDS } from '../../../contract/radar';

/** What the rule form edits: the request's input shape (the schema fills defaults and trims). */
export type RuleFormValues = z.input<typeof newAlertRuleSchema>;

export const EMPTY_RULE: RuleFormValues = {
  name: '',
  scope: 'personal',
  eventType: 'DeclarationStatusChanged',
  eventSubTypes: ['Invalid'],
  customsFlow: '',
  jurisdiction: '',
  mineOnly: false,
  digest: false,
  channels: ['console'],
  webhookUrl: '',
};

/**
 * The service's event types, the radar's items (late or pending work the console finds itself), and
 * for supervisors the console's own health incidents.
 */
export const eventTypeOptions = (supervisor: boolean): string[] => [
  ...KNOWN_EVENT_TYPES,
  RADAR_EVENT_TYPE,
  ...(supervisor ? [CONSOLE_HEALTH_EVENT_TYPE] : []),
];

/** Subtypes to suggest for an event type (any other may be typed). */
export const subTypeSuggestions = (eventType: string): string[] =>
  eventType === RADAR_EVENT_TYPE
    ? [...RADAR_KINDS]
    : eventType === CONSOLE_HEALTH_EVENT_TYPE
      ? [...CONSOLE_HEALTH_SUB_TYPES]
      : isKnownEventType(eventType)
        ? [...KNOWN_EVENT_SUB_TYPES[eventType]]
        : [];
