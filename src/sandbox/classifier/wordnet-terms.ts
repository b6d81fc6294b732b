import { readFileSync } from 'node:fs';
import { strongestPerTerm, type Expansion } from './term-expansion.js';

/**
 * WordNet readings of words the nomenclature does not use: "absinthe" -> liqueur, liquor;
 * "clam" -> bivalve, mollusc. Derived at build time from WordNet 3.1 (build-wordnet-terms.ts) into
 * data/wordnet-terms.txt, one word a line: `word target:DS target:DS ...`, D the distance (0 a
 * synonym, 1 a hypernym, 2 its hypernym...), S the rank of the WordNet sense it came from.
 */
export const WORDNET_TERMS = new URL('./data/wordnet-terms.txt', import.meta.url);

/** A phrase key: the analysed terms of a WordNet noun phrase joined ("aircraft_carrier"). */
export const PHRASE_JOIN = '_';
/** Longest phrase read, in terms. */
export const MAX_PHRASE_TERMS = 3;

/** Adjacent runs of 2 to MAX_PHRASE_TERMS terms, as phrase keys ("aircraft_carrier"). */
export function phraseKeys(terms: readonly string[]): string[] {
  const out: string[] = [];
  for (let n = 2; n <= MAX_PHRASE_TERMS; n++) for (let i = 0; i + n <= terms.length; i++) out.push(terms.slice(i, i + n).join(PHRASE_JOIN));
  return out;
}

export interface WordNetReading {
  term: string;
  depth: number;
  sense: number;
}

/** How a reading is weighed; chosen on the validation split (README.md). */
interface WordNetWeighting {
  /** Weight of a synonym of the first sense. */
  weight: number;
  /** Factor per hypernym level. */
  depthDecay: number;
  /** Factor per sense rank. */
  senseDecay: number;
  maxDepth: number;
  /** Readings used per word, strongest first. */
  maxReadings: number;
  /** Readings of at least this weight are also read by the learned model and the neighbour memory. */
  modelWeight: number;
}

const WORDNET_WEIGHTING: WordNetWeighting = {
  weight: 0.6,
  depthDecay: 0.6,
  senseDecay: 0.7,
  maxDepth: 3,
  maxReadings: 4,
  modelWeight: 0.3,
};

export const formatWordNetLine = (term: string, readings: readonly WordNetReading[]): string =>
  `${term} ${readings.map((r) => `${r.term}:${r.depth}${r.sense}`).join(' ')}`;

export class WordNetTerms {
  /** The unparsed readings per word: parsed on lookup, so loading stays a split of lines. */
  private readonly lines = new Map<string, string>();

  constructor(
    text: string,
    private readonly weighting: WordNetWeighting = WORDNET_WEIGHTING,
  ) {
    for (const line of text.split('\n')) {
      const space = line.indexOf(' ');
      if (space > 0) this.lines.set(line.slice(0, space), line.slice(space + 1));
    }
  }

  readings(term: string): WordNetReading[] {
    return (this.lines.get(term) ?? '').split(' ').flatMap((field) => {
      const m = /^([a-z]+):(\d)(\d)$/.exec(field);
      return m ? [{ term: m[1] ?? '', depth: Number(m[2]), sense: Number(m[3]) }] : [];
    });
  }

  /** Index words standing in for `term`, weighted by distance and sense rank (only words `known` holds). */
  expand(term: string, known: { has(term: string): boolean }): Expansion[] {
    const { weight, depthDecay, senseDecay, maxDepth, maxReadings } = this.weighting;
    return this.readings(term)
      .filter((r) => r.depth <= maxDepth && known.has(r.term))
      .map((r) => ({ term: r.term, weight: weight * depthDecay ** r.depth * senseDecay ** r.sense }))
      .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term))
      .slice(0, maxReadings);
  }

  /**
   * Readings of the WordNet noun phrases that stand in `terms` (adjacent analysed terms of a
   * description, "aircraft carrier" -> warship, vessel), weighed as words are; never the phrase's own words.
   */
  phraseExpansions(terms: readonly string[], known: { has(term: string): boolean }): Expansion[] {
    return strongestPerTerm(phraseKeys(terms).flatMap((key) => (this.lines.has(key) ? this.expand(key, known) : [])));
  }

  /** The readings of `terms` strong enough for the model and the memory to read (synonyms, the first sense's class). */
  strongReadings(terms: readonly string[], known: { has(term: string): boolean }): string[] {
    return this.strong(terms.flatMap((t) => this.expand(t, known)));
  }

  /** Of word or phrase readings, those strong enough for the model and the memory to read. */
  strong(readings: readonly Expansion[]): string[] {
    return readings.filter((e) => e.weight >= this.weighting.modelWeight).map((e) => e.term);
  }
}

let shared: WordNetTerms | undefined;

/** The committed WordNet readings, loaded on first use. */
export function wordNetTerms(): WordNetTerms {
  shared ??= new WordNetTerms(readFileSync(WORDNET_TERMS, 'utf8'));
  return shared;
}
