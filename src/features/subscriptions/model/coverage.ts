import { KNOWN_EVENT_SUB_TYPES, KNOWN_EVENT_TYPES } from '../../../contract/events';
import type { SubscriptionRow } from './subscription-rows';

export type CoverageState = 'covered' | 'uncovered' | 'twice';

/** One combination of the matrix. eventSubType undefined: subtypes not listed (only an all-subtypes subscription receives them). */
export interface CoverageCell {
  eventType: string;
  eventSubType: string | undefined;
  state: CoverageState;
  /** The tenant's subscriptions that deliver it (not this console's own). */
  by: string[];
  /** This console's live updates receive it. */
  console: boolean;
  /** Why a gap here matters, when it does (its words are in the `subscriptions` catalog, coverage.why.<key>). */
  important: ImportantGap | undefined;
}

/** Gaps worth a warning: failures nobody would hear of otherwise. */
export type ImportantGap = 'invalid' | 'customsError' | 'creationUnsuccessful' | 'replaceUnsuccessful' | 'headerUpdateUnsuccessful';

const IMPORTANT_COMBINATIONS: readonly { eventType: string; eventSubType: string; why: ImportantGap }[] = [
  { eventType: 'DeclarationStatusChanged', eventSubType: 'Invalid', why: 'invalid' },
  { eventType: 'DeclarationStatusChanged', eventSubType: 'CustomsError', why: 'customsError' },
  { eventType: 'CustomsShipmentInformation', eventSubType: 'CreationUnsuccessful', why: 'creationUnsuccessful' },
  { eventType: 'CustomsShipmentInformation', eventSubType: 'ReplaceUnsuccessful', why: 'replaceUnsuccessful' },
  { eventType: 'DeclarationActionFinished', eventSubType: 'HeaderUpdateUnsuccessful', why: 'headerUpdateUnsuccessful' },
];

const importance = (eventType: string, eventSubType: string | undefined) =>
  IMPORTANT_COMBINATIONS.find((c) => c.eventType === eventType && c.eventSubType === eventSubType)?.why;

const delivers = (row: SubscriptionRow, eventType: string, eventSubType: string | undefined) =>
  row.eventType === eventType && (row.eventSubType === undefined || row.eventSubType === eventSubType);

/**
 * Event types and subtypes (specification, Events; docs/service-facts.md) against the subscriptions:
 * each combination covered once, not at all, or more than once. Types and subtypes that only a
 * subscription names are added, so every subscription shows up. The console's own live-updates
 * subscriptions deliver to the console, not to the tenant's systems: they are shown apart and do
 * not close a gap.
 */
export function coverageMatrix(rows: readonly SubscriptionRow[]): CoverageCell[] {
  const known = rows.filter((r): r is SubscriptionRow & { eventType: string } => r.eventType !== undefined);
  const types = [...new Set<string>([...KNOWN_EVENT_TYPES, ...known.map((r) => r.eventType)])];
  return types.flatMap((eventType) => {
    const listed: readonly string[] = (KNOWN_EVENT_SUB_TYPES as Readonly<Record<string, readonly string[]>>)[eventType] ?? [];
    const named = known.filter((r) => r.eventType === eventType && r.eventSubType !== undefined).map((r) => r.eventSubType ?? '');
    const subTypes: (string | undefined)[] = [...new Set([...listed, ...named]), undefined];
    return subTypes.map((eventSubType) => {
      const tenant = known.filter((r) => !r.live && delivers(r, eventType, eventSubType));
      const state: CoverageState = tenant.length === 0 ? 'uncovered' : tenant.length === 1 ? 'covered' : 'twice';
      return {
        eventType,
        eventSubType,
        state,
        by: tenant.map((r) => r.id),
        console: known.some((r) => r.live && delivers(r, eventType, eventSubType)),
        important: importance(eventType, eventSubType),
      };
    });
  });
}

/** The gaps that deserve a warning. */
export const importantGaps = (cells: readonly CoverageCell[]): CoverageCell[] =>
  cells.filter((c) => c.state === 'uncovered' && c.important !== undefined);
