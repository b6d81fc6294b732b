import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Classifier, getClassifier } from './engine.js';
import { TermExpander } from './term-expansion.js';
import { formatWordNetLine, WORDNET_TERMS, WordNetTerms, wordNetTerms } from './wordnet-terms.js';

describe('WordNet readings of unknown words', () => {
  const committed = wordNetTerms();

  it('reads words the nomenclature never uses through their synonyms and classes', () => {
    // The committed file, as the engine reads it: absinthe the liqueur, tofu curd, a scalpel a knife.
    const liqueur = committed.readings('absinthe').map((r) => r.term);
    expect(liqueur).toEqual(expect.arrayContaining(['liqueur', 'alcohol']));
    expect(committed.readings('tofu').map((r) => r.term)).toContain('curd');
    expect(committed.readings('scalpel').map((r) => r.term)).toContain('knife');
  });

  it('holds no reading for a word the nomenclature uses, nor one of a vague class', () => {
    for (const known of ['knife', 'cheese', 'clam', 'goods', 'parts', 'top']) expect(committed.readings(known), known).toEqual([]);
    // No reading is a word of 10 or more chapters ("article", "part"): hypernyms do not make text look specific.
    const targets = new Set(['absinthe', 'tofu', 'scalpel', 'spatula', 'couch'].flatMap((w) => committed.readings(w).map((r) => r.term)));
    for (const broad of ['article', 'part', 'object', 'product', 'good']) expect(targets.has(broad), broad).toBe(false);
  });

  const terms = new WordNetTerms(
    [
      formatWordNetLine('absinthe', [
        { term: 'liqueur', depth: 1, sense: 1 },
        { term: 'alcohol', depth: 2, sense: 1 },
        { term: 'shrub', depth: 3, sense: 0 },
        { term: 'cordial', depth: 1, sense: 1 },
      ]),
      formatWordNetLine('tofu', [{ term: 'curd', depth: 1, sense: 0 }]),
    ].join('\n'),
  );
  const index = new Set(['liqueur', 'alcohol', 'shrub', 'curd', 'knife']);

  it('weighs a reading down with its distance and sense rank, and keeps only words the index holds', () => {
    const [first, second] = terms.expand('absinthe', index);
    expect(first?.term).toBe('liqueur');
    expect(second?.term).toBe('alcohol');
    expect(first?.weight).toBeLessThan(1);
    expect(second?.weight ?? 1).toBeLessThan(first?.weight ?? 0);
    expect(terms.expand('absinthe', index).map((e) => e.term)).not.toContain('cordial');
  });

  it('feeds only the closest readings to the model', () => {
    expect(terms.strongReadings(['tofu', 'absinthe'], index)).toEqual(['curd']);
  });

  it('is a source of the term expander beside compounds and spellings, never for known words', () => {
    const expander = new TermExpander(index, terms);
    expect(expander.expand('tofu').map((e) => e.term)).toEqual(['curd']);
    expect(expander.expand('knife')).toEqual([]);
  });

  it('lets the engine place goods named by a word no tariff text or goods term uses', () => {
    // "stroller" is in no shipped text; WordNet reads it as a pram, a carriage (8715 baby carriages).
    const engine = getClassifier();
    const withoutWordNet = new Classifier(engine.index, {
      model: { model: engine.model, meta: engine.meta },
      memory: engine.memory,
      headNouns: engine.headNouns,
      wordnet: new WordNetTerms(''),
    });
    const heading = (c: Classifier): string | undefined =>
      c.classify({ jurisdiction: 'EU', description: 'baby stroller' }).options[0]?.code.slice(0, 4);
    expect(heading(engine)).toBe('8715');
    expect(heading(withoutWordNet)).not.toBe('8715');
  });

  it('reads a noun phrase the nomenclature never says through its classes, never its own words', () => {
    // The committed file: an aircraft carrier is a warship, a vessel.
    expect(committed.readings('aircraft_carrier').map((r) => r.term)).toEqual(expect.arrayContaining(['warship', 'vessel']));
    expect(committed.readings('aircraft_carrier').map((r) => r.term)).not.toContain('aircraft');
    const phrases = new WordNetTerms(formatWordNetLine('aircraft_carrier', [{ term: 'warship', depth: 1, sense: 0 }]));
    const known = new Set(['aircraft', 'carrier', 'warship']);
    expect(phrases.phraseExpansions(['aircraft', 'carrier'], known).map((e) => e.term)).toEqual(['warship']);
    // Only adjacent words make the phrase.
    expect(phrases.phraseExpansions(['carrier', 'aircraft'], known)).toEqual([]);
    expect(phrases.phraseExpansions(['aircraft', 'tyre', 'carrier'], known)).toEqual([]);
  });

  it('lets the engine place goods named by a phrase whose words alone mislead', () => {
    // "baby buggy" is in no shipped text: cars (8703, buggy) without the phrase; WordNet's pram, 8715 baby carriages, with it.
    const engine = getClassifier();
    const withoutPhrases = new Classifier(engine.index, {
      model: { model: engine.model, meta: engine.meta },
      memory: engine.memory,
      headNouns: engine.headNouns,
      wordnet: new WordNetTerms(
        readFileSync(WORDNET_TERMS, 'utf8')
          .split('\n')
          .filter((line) => !line.split(' ')[0]?.includes('_'))
          .join('\n'),
      ),
    });
    const heading = (c: Classifier): string | undefined =>
      c.classify({ jurisdiction: 'EU', description: 'baby buggy' }).options[0]?.code.slice(0, 4);
    expect(heading(engine)).toBe('8715');
    expect(heading(withoutPhrases)).not.toBe('8715');
  });
});
