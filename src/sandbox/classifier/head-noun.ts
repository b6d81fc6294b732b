import type { LabelTree } from './labels.js';
import type { Nomenclature } from './nomenclature.js';
import { analyse, indexable, terms } from '../../server-kit/nomenclature/text.js';

/**
 * The head noun of a goods description: the last word before the first "for", "of", "with", "in"
 * or comma ("stainless steel kitchen knife" -> knife, "accumulators for mobile phones" ->
 * accumulators). It names what the goods are; the other words say what they are made of or used
 * for. A subheading whose heading, subheading or CN line texts contain the head noun gets a
 * bonus in the fusion (weight chosen on the validation split).
 */
export function headNoun(description: string): string | undefined {
  const ts = analyse(headPhrase(description));
  return ts[ts.length - 1]?.term;
}

/** The words naming the goods: the description up to the first "for/of/with/in/from/made", comma or bracket. */
export const headPhrase = (description: string): string => description.split(/,|;|\(|\b(?:for|of|with|in|from|made)\b/i)[0] ?? '';

export class HeadNounIndex {
  private readonly postings = new Map<string, number[]>();

  constructor(
    private readonly tree: LabelTree,
    nom: { hs: Nomenclature['hs']; cn8: readonly { code: string; description: string }[] },
  ) {
    const texts = tree.subheadings.map((code) => [nom.hs.get(code.slice(0, 4))?.description ?? '', nom.hs.get(code)?.description ?? '']);
    for (const line of nom.cn8) texts[tree.subheadingIndex.get(line.code.slice(0, 6)) ?? -1]?.push(line.description);
    texts.forEach((list, s) => {
      for (const t of new Set(terms(indexable(list.join(' '))))) {
        const p = this.postings.get(t) ?? [];
        p.push(s);
        this.postings.set(t, p);
      }
    });
  }

  /** Per subheading, 1 when its texts contain the description's head noun, else 0. */
  matches(description: string): Float64Array {
    const out = new Float64Array(this.tree.subheadings.length);
    const head = headNoun(description);
    for (const s of head ? (this.postings.get(head) ?? []) : []) out[s] = 1;
    return out;
  }
}
