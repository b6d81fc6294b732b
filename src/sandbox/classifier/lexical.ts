import type { ClassifierIndex, Posting } from './index-build.js';
import type { LabelTree } from './labels.js';
import type { Expansion, TermExpander } from './term-expansion.js';
import { analyse, indexable } from '../../server-kit/nomenclature/text.js';

/** Where a piece of evidence came from; descriptions weigh most, PDF text least. */
export type EvidenceKind = 'description' | 'fileName' | 'pdfText';

export interface Evidence {
  kind: EvidenceKind;
  text: string;
  /** Shown in notes, e.g. 'invoice.pdf (page 1)'. */
  label?: string;
}

const EVIDENCE_WEIGHT: Record<EvidenceKind, number> = { description: 1, fileName: 0.6, pdfText: 0.35 };
/** At most this many words of PDF text per page are read (long documents drown the description). */
export const PDF_WORDS_PER_PAGE = 150;

export interface QueryTerm {
  term: string;
  weight: number;
  words: Set<string>;
  kinds: Set<EvidenceKind>;
}

/** A file name as evidence: extension dropped, separators to spaces, camera-style names ignored. */
export function fileNameText(fileName: string): string {
  const base = fileName
    .replace(/\s*\(page \d+\)$/i, '')
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[_\-.+]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2');
  const generic =
    /^(img|image|dsc|dscn|pxl|photo|picture|pic|scan|screenshot|upload|file|document|doc|page|untitled|whatsapp|signal|copy)$/i;
  return base
    .split(/\s+/)
    .filter((w) => !generic.test(w))
    .join(' ');
}

/** Query terms of a description and its evidence, each at the weight of its strongest source. */
export function queryTerms(description: string, evidence: readonly Evidence[]): Map<string, QueryTerm> {
  const out = new Map<string, QueryTerm>();
  const add = (text: string, kind: EvidenceKind, maxWords = Infinity): void => {
    let count = 0;
    for (const t of analyse(text)) {
      if (count++ >= maxWords) break;
      const q = out.get(t.term) ?? { term: t.term, weight: 0, words: new Set<string>(), kinds: new Set<EvidenceKind>() };
      q.weight = Math.max(q.weight, EVIDENCE_WEIGHT[kind]);
      q.words.add(t.word);
      q.kinds.add(kind);
      out.set(t.term, q);
    }
  };
  add(indexable(description), 'description');
  for (const e of evidence)
    add(e.kind === 'fileName' ? fileNameText(e.text) : e.text, e.kind, e.kind === 'pdfText' ? PDF_WORDS_PER_PAGE : Infinity);
  return out;
}

export interface LexicalScores {
  /** BM25F score per code document. */
  docs: Float64Array;
  /** Best document score per subheading of the label tree. */
  subheadings: Float64Array;
  /** Query terms absent from the whole index (description words only). */
  unknown: QueryTerm[];
}

/**
 * BM25F over the code documents, then the best document per subheading. Words the index does not
 * hold are read through `expander` (split compounds, nearest spelling) at a reduced weight;
 * `readings` (of phrases, e.g. WordNet's "aircraft carrier" -> warship) add index words at theirs.
 */
export function scoreLexical(
  index: ClassifierIndex,
  tree: LabelTree,
  query: Map<string, QueryTerm>,
  expander?: TermExpander,
  readings: readonly Expansion[] = [],
): LexicalScores {
  const docs = new Float64Array(index.docs.length);
  const unknown: QueryTerm[] = [];
  const add = (p: Posting, weight: number): void => {
    const qw = weight * p.idf;
    for (let i = 0; i < p.docs.length; i++) {
      const d = p.docs[i] ?? 0;
      docs[d] = (docs[d] ?? 0) + qw * (p.weights[i] ?? 0);
    }
  };
  for (const q of query.values()) {
    const p = index.postings.get(q.term);
    if (p) {
      add(p, q.weight);
      continue;
    }
    if (q.kinds.has('description')) unknown.push(q);
    for (const e of expander?.expand(q.term) ?? []) {
      const ep = query.has(e.term) ? undefined : index.postings.get(e.term);
      if (ep) add(ep, q.weight * e.weight);
    }
  }
  for (const r of readings) {
    const p = query.has(r.term) ? undefined : index.postings.get(r.term);
    if (p) add(p, r.weight);
  }
  const subheadings = new Float64Array(tree.subheadings.length);
  index.docs.forEach((doc, d) => {
    const s = tree.subheadingIndex.get(doc.hs6);
    if (s !== undefined) subheadings[s] = Math.max(subheadings[s] ?? 0, docs[d] ?? 0);
  });
  return { docs, subheadings, unknown };
}
