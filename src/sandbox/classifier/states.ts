import type { LabelTree } from './labels.js';
import type { Nomenclature } from './nomenclature.js';
import { indexable, words } from '../../server-kit/nomenclature/text.js';

/**
 * States of goods that exclude each other in the tariff ("frozen" shrimp is never the "live,
 * fresh or chilled" subheading). The goods terms pointing at a line rarely repeat its state, so
 * retrieval alone ranks "shrimps, fresh or chilled" first for "frozen shrimp"; a subheading whose
 * own text names only other states than the description is penalised.
 */
const STATE_GROUPS: readonly (readonly string[])[] = [
  ['frozen'],
  ['fresh', 'chilled', 'live'],
  ['dried', 'dehydrated'],
  ['prepared', 'preserved', 'cooked'],
];
/** Logit penalty of a conflicting subheading (fusion.ts); fixed, not tuned. */
export const STATE_CONFLICT_PENALTY = 3;

const groupsOf = (text: string): Set<number> => {
  const out = new Set<number>();
  for (const w of words(indexable(text))) STATE_GROUPS.forEach((g, i) => g.includes(w) && out.add(i));
  return out;
};

export class StateConflicts {
  private readonly subheadingGroups: Set<number>[];

  constructor(
    private readonly tree: LabelTree,
    hs: Nomenclature['hs'],
  ) {
    this.subheadingGroups = tree.subheadings.map((code) => groupsOf(hs.get(code)?.description ?? ''));
  }

  /** Per subheading, 1 when its text names states and none of the description's, else 0. */
  conflicts(description: string): Float64Array {
    const out = new Float64Array(this.tree.subheadings.length);
    const wanted = groupsOf(description);
    if (!wanted.size) return out;
    this.subheadingGroups.forEach((groups, s) => {
      if (groups.size && ![...wanted].some((g) => groups.has(g))) out[s] = 1;
    });
    return out;
  }
}
