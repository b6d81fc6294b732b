import type { TariffSearchHit, TariffSearchResult } from '../../contract/tariff.js';
import { csvRecords } from '../../server-kit/nomenclature/csv.js';
import { readNomenclatureFile } from '../../server-kit/nomenclature/data-files.js';
import { indexable, stem, terms, words } from '../../server-kit/nomenclature/text.js';
import type { Nomenclature } from './nomenclature.js';
import { CLERK_SYNONYMS } from './synonyms.js';

/**
 * How much a word counts by where a CN 8-digit line has it: its own text most, the UK goods
 * terms that point at it (the words traders use), its HS subheading, its heading, its chapter.
 * A word found in several places adds up, saturated (BM25's k), so a line whose own text and
 * heading both say "T-shirts" beats one that only a goods term links to the word.
 */
const FIELD_WEIGHTS = { own: 3, goodsTerm: 2.5, hs6: 2, parent: 1.5, chapter: 0.5 } as const;
const SATURATION = 2;
/** A synonym counts this much of the word the user typed. */
const SYNONYM_WEIGHT = 0.7;

interface Posting {
  doc: number;
  weight: number;
}

/** Word search (stemmed, spelling variants, clerks' synonyms) and code-prefix search over the CN 8-digit lines. */
export class TariffSearch {
  private readonly docs: string[] = [];
  private readonly postings = new Map<string, Posting[]>();
  /** Every code in code order, for prefix search by binary search. */
  private readonly sortedCodes: string[];

  constructor(private readonly nomenclature: Nomenclature) {
    const fields = new Map<string, Map<string, number>>();
    const add = (code: string, text: string, weight: number) => {
      let doc = fields.get(code);
      if (!doc) fields.set(code, (doc = new Map<string, number>()));
      for (const term of new Set(terms(indexable(text)))) doc.set(term, (doc.get(term) ?? 0) + weight);
    };
    for (const [code, entry] of nomenclature.entries) {
      if (!entry.node.leaf) continue;
      add(code, entry.node.description, FIELD_WEIGHTS.own);
      add(code, entry.hs6Description, FIELD_WEIGHTS.hs6);
      const ancestors = nomenclature.ancestors(code);
      for (const a of ancestors) {
        if (a.level === 'heading' || a.level === 'subheading') add(code, a.description, FIELD_WEIGHTS.parent);
        else if (a.level === 'chapter') add(code, a.description, FIELD_WEIGHTS.chapter);
      }
    }
    for (const r of csvRecords(readNomenclatureFile('search-references.csv'))) {
      const code = (r.commodity_code ?? '').slice(0, 8);
      if (fields.has(code)) add(code, r.term ?? '', FIELD_WEIGHTS.goodsTerm);
    }
    for (const [code, doc] of fields) {
      const index = this.docs.push(code) - 1;
      for (const [term, weight] of doc) {
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push({ doc: index, weight });
      }
    }
    this.sortedCodes = [...nomenclature.entries.keys()].filter((c) => /^\d+$/.test(c)).sort();
  }

  search(query: string, limit: number): TariffSearchResult {
    const digits = query.replace(/[\s.]/g, '');
    if (/^\d+$/.test(digits)) return { query, by: 'code', hits: this.byCode(digits, limit) };
    return { query, by: 'words', hits: this.byWords(query, limit) };
  }

  private hit(code: string, score: number): TariffSearchHit | [] {
    const node = this.nomenclature.node(code);
    if (!node) return [];
    const context = this.nomenclature.ancestors(code).filter((a) => a.level === 'heading' || a.level === 'subheading');
    return { node, context, score };
  }

  /** Every code that starts with the digits, in code order (the heading, then its lines). */
  private byCode(prefix: string, limit: number): TariffSearchHit[] {
    let low = 0;
    let high = this.sortedCodes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.sortedCodes[mid] ?? '') < prefix) low = mid + 1;
      else high = mid;
    }
    const out: TariffSearchHit[] = [];
    for (let i = low; i < this.sortedCodes.length && out.length < limit; i++) {
      const code = this.sortedCodes[i] ?? '';
      if (!code.startsWith(prefix)) break;
      const hit = this.hit(code, 1);
      if (!Array.isArray(hit)) out.push(hit);
    }
    return out;
  }

  /** The query's terms with their weights: each word, and its synonyms at a reduced weight. */
  private queryTerms(query: string): Map<string, number> {
    const out = new Map<string, number>();
    for (const word of words(query)) {
      for (const term of terms(word)) out.set(term, 1);
      for (const synonym of CLERK_SYNONYMS[word] ?? CLERK_SYNONYMS[stem(word)] ?? []) {
        for (const term of terms(synonym)) if (!out.has(term)) out.set(term, SYNONYM_WEIGHT);
      }
    }
    return out;
  }

  private byWords(query: string, limit: number): TariffSearchHit[] {
    const wanted = this.queryTerms(query);
    if (wanted.size === 0) return [];
    const scores = new Float64Array(this.docs.length);
    const matched = new Float64Array(this.docs.length);
    const typedWeight = [...wanted.values()].reduce((sum, w) => sum + (w === 1 ? 1 : 0), 0) || 1;
    for (const [term, queryWeight] of wanted) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (this.docs.length - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, weight } of list) {
        scores[doc] = (scores[doc] ?? 0) + queryWeight * idf * ((weight * (SATURATION + 1)) / (weight + SATURATION));
        matched[doc] = (matched[doc] ?? 0) + queryWeight;
      }
    }
    // Lines that have every typed word come first: coverage squared scales the score.
    const ranked: { doc: number; score: number }[] = [];
    for (let doc = 0; doc < scores.length; doc++) {
      const score = scores[doc] ?? 0;
      if (score <= 0) continue;
      const coverage = Math.min(1, (matched[doc] ?? 0) / typedWeight);
      ranked.push({ doc, score: score * coverage * coverage });
    }
    ranked.sort((a, b) => b.score - a.score || (this.docs[a.doc] ?? '').localeCompare(this.docs[b.doc] ?? ''));
    return ranked.slice(0, limit).flatMap(({ doc, score }) => this.hit(this.docs[doc] ?? '', Math.round(score * 100) / 100));
  }
}
