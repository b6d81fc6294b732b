import type { AlertRule } from '../../contract/alerts.js';

/** What a rule can be narrowed by, as far as it is known for one event (null: unknown). */
export interface EventFacts {
  eventType: string;
  eventSubType: string | null;
  customsFlow: string | null;
  jurisdiction: string | null;
  office: string | null;
  direction: string | null;
}

/** Whether the rule needs the declaration itself (the event does not carry office or direction). */
export const needsDeclaration = (rule: AlertRule): boolean => rule.office !== null || rule.direction !== null;

const sameText = (want: string | null, have: string | null): boolean =>
  want === null || (have !== null && want.toLowerCase() === have.toLowerCase());

/** Whether an event falls under a rule: its type, one of its subtypes (none listed: any), and every narrowing the rule sets. */
export function ruleMatches(rule: AlertRule, facts: EventFacts): boolean {
  if (!rule.enabled || rule.eventType !== facts.eventType) return false;
  if (rule.eventSubTypes.length > 0 && (facts.eventSubType === null || !rule.eventSubTypes.includes(facts.eventSubType))) return false;
  return (
    sameText(rule.customsFlow, facts.customsFlow) &&
    sameText(rule.jurisdiction, facts.jurisdiction) &&
    sameText(rule.office, facts.office) &&
    sameText(rule.direction, facts.direction)
  );
}
