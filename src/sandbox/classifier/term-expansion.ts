/**
 * Reading words the index does not hold. A run-together compound is split into index words
 * ("dishwasher" -> dish + washer, "circlip" -> clip); failing that, a misspelt or shortened word
 * is read as the index word with the most character trigrams in common ("absinth" for
 * "absinthe"); a WordNet noun is also read as its synonyms and classes ("tofu" -> curd,
 * wordnet-terms.ts). The lexical retrieval scores these at a reduced weight (lexical.ts).
 */
export interface Expansion {
  term: string;
  /** 0-1: how much of the query term's weight the expansion carries. */
  weight: number;
}

/** Each index word once, at the best weight any reading gives it. */
export function strongestPerTerm(expansions: readonly Expansion[]): Expansion[] {
  const best = new Map<string, Expansion>();
  for (const e of expansions) if ((best.get(e.term)?.weight ?? 0) < e.weight) best.set(e.term, e);
  return [...best.values()];
}

/** Shortest part of a split compound that counts as a word. */
const MIN_PART = 3;
/** Least Dice similarity of character trigrams for a fuzzy reading. */
const MIN_SIMILARITY = 0.6;
/** Weight of a compound's parts and the cap of a fuzzy reading. */
const COMPOUND_WEIGHT = 0.8;
const FUZZY_WEIGHT = 0.7;

const trigrams = (term: string): string[] => {
  const padded = `<${term}>`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
};

export class TermExpander {
  private readonly vocabulary: string[];
  private readonly byTrigram = new Map<string, number[]>();
  private readonly trigramCounts: Int32Array;

  constructor(
    private readonly known: ReadonlySet<string> | ReadonlyMap<string, unknown>,
    /** Readings from a word list such as WordNet (wordnet-terms.ts). */
    private readonly readings?: { expand(term: string, known: { has(term: string): boolean }): Expansion[] },
  ) {
    this.vocabulary = [...known.keys()].filter((t) => t.length >= 4);
    this.trigramCounts = new Int32Array(this.vocabulary.length);
    this.vocabulary.forEach((term, i) => {
      const grams = trigrams(term);
      this.trigramCounts[i] = grams.length;
      for (const g of grams) {
        const list = this.byTrigram.get(g) ?? [];
        list.push(i);
        this.byTrigram.set(g, list);
      }
    });
  }

  /** Index words standing in for a term the index does not hold (empty when none is close). */
  expand(term: string): Expansion[] {
    if (this.known.has(term)) return [];
    const wordnet = this.readings?.expand(term, this.known) ?? [];
    if (term.length < 5) return wordnet;
    // Compound parts, WordNet readings and the nearest spelling combine (each word at its best
    // weight): measured on validation, combining did as well as any precedence (README.md).
    return strongestPerTerm([...this.compoundOrNearest(term), ...wordnet]);
  }

  private compoundOrNearest(term: string): Expansion[] {
    const compound = this.split(term);
    if (compound.length) return compound;
    const fuzzy = this.nearest(term);
    return fuzzy ? [fuzzy] : [];
  }

  /** The split with the longest known tail; the head too when it is a known word. */
  private split(term: string): Expansion[] {
    for (let i = MIN_PART; i <= term.length - MIN_PART; i++) {
      const tail = term.slice(i);
      if (!this.known.has(tail)) continue;
      const head = term.slice(0, i);
      return [
        { term: tail, weight: COMPOUND_WEIGHT },
        ...(head.length >= MIN_PART && this.known.has(head) ? [{ term: head, weight: COMPOUND_WEIGHT }] : []),
      ];
    }
    return [];
  }

  private nearest(term: string): Expansion | undefined {
    const grams = trigrams(term);
    const shared = new Map<number, number>();
    for (const g of grams) for (const i of this.byTrigram.get(g) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    let best: Expansion | undefined;
    for (const [i, common] of shared) {
      const dice = (2 * common) / (grams.length + (this.trigramCounts[i] ?? 0));
      const candidate = this.vocabulary[i] ?? '';
      // Same first letter: shortened and misspelt words keep it; sharing only a tail is another word.
      if (dice < MIN_SIMILARITY || candidate[0] !== term[0]) continue;
      if (!best || dice > best.weight || (dice === best.weight && candidate < best.term)) best = { term: candidate, weight: dice };
    }
    return best && { term: best.term, weight: FUZZY_WEIGHT * best.weight };
  }
}
