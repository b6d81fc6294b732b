import type { DeclarationSummary } from '../../../../contract/declarations';

/**
 * The omni-identifier finder: a clerk pastes whatever reference the phone call or e-mail gave
 * them, and the console asks the search endpoint by every parameter it could be (ux-anchors 7.5).
 */

export const IDENTIFIER_FIELDS = ['lrn', 'mrn', 'arc', 'ucr', 'externalReference'] as const;
export type IdentifierField = (typeof IDENTIFIER_FIELDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** MRN: 2 digits (year), 2 letters (country), 14 alphanumerics = 18 characters. */
const MRN = /^\d{2}[A-Z]{2}[A-Z0-9]{14}$/i;
/** ARC (excise e-AD): 2 digits, 2 letters, 17 alphanumerics = 21 characters. */
const ARC = /^\d{2}[A-Z]{2}[A-Z0-9]{17}$/i;

export type IdentifierPlan =
  | { kind: 'empty' }
  | { kind: 'declarationId'; declarationId: string }
  | { kind: 'search'; searches: { field: IdentifierField; value: string }[] };

/** Which searches a typed identifier deserves: MRN and ARC only when the shape fits; LRN, UCR and external reference are free-form. */
export function planIdentifierLookup(input: string): IdentifierPlan {
  const value = input.trim();
  if (!value) return { kind: 'empty' };
  if (UUID.test(value)) return { kind: 'declarationId', declarationId: value.toLowerCase() };
  const searches: { field: IdentifierField; value: string }[] = [];
  if (MRN.test(value)) searches.push({ field: 'mrn', value: value.toUpperCase() });
  if (ARC.test(value)) searches.push({ field: 'arc', value: value.toUpperCase() });
  searches.push({ field: 'lrn', value }, { field: 'ucr', value }, { field: 'externalReference', value });
  return { kind: 'search', searches };
}

export interface IdentifierMatch {
  declaration: DeclarationSummary;
  matchedBy: IdentifierField[];
}

/** One entry per declaration, with every field the identifier matched (an LRN that is also the UCR shows both). */
export function mergeMatches(results: readonly { field: IdentifierField; rows: readonly DeclarationSummary[] }[]): IdentifierMatch[] {
  const byId = new Map<string, IdentifierMatch>();
  for (const { field, rows } of results) {
    for (const declaration of rows) {
      const existing = byId.get(declaration.declarationId);
      if (existing) {
        if (!existing.matchedBy.includes(field)) existing.matchedBy.push(field);
      } else byId.set(declaration.declarationId, { declaration, matchedBy: [field] });
    }
  }
  return [...byId.values()];
}
