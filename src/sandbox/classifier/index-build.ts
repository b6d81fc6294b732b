import { loadNomenclature, type Nomenclature } from './nomenclature.js';
import { indexable, terms } from '../../server-kit/nomenclature/text.js';

/**
 * The fields of one code document (a CN8 line with the text of its parents and the goods
 * terms that point at it). BM25F weights: the line's own text and the goods terms count most,
 * the chapter and section only a little.
 */
export const FIELDS = ['line', 'sub', 'head', 'chap', 'sect', 'refs', 'extra'] as const;
export type FieldName = (typeof FIELDS)[number];

export const FIELD_WEIGHTS: Record<FieldName, number> = { line: 1.4, sub: 1.2, head: 0.9, chap: 0.35, sect: 0.1, refs: 3.5, extra: 0.6 };

export const FIELD_LABELS: Record<FieldName, string> = {
  line: 'CN line',
  sub: 'subheading',
  head: 'heading',
  chap: 'chapter',
  sect: 'section',
  refs: 'UK goods term',
  extra: 'UK parcel description',
};

const K1 = 1.2;
const B = 0.75;

/** One rankable code: a CN8 line (or an HS subheading with no CN8 line, as HS6 + "00"). */
export interface CodeDoc {
  cn8: string;
  hs6: string;
  heading: string;
  chapter: string;
  text: Record<FieldName, string>;
  /** Goods terms (search references) and parcel descriptions pointing at this line. */
  refTerms: string[];
  extraTerms: string[];
  /** The UK 10-digit code most often given for this line by the references; CN8 + "00" when none. */
  uk10: string;
  /** An HS subheading without a CN8 line (indexed for matching, never proposed as a code). */
  hsOnly: boolean;
}

export interface Posting {
  docs: Uint32Array;
  /** Saturated, length-normalised, field-weighted term frequency (BM25F), per doc. */
  weights: Float32Array;
  idf: number;
  /** Distinct chapters whose own texts (CN line, subheading, heading) or references contain the term. */
  chapters: number;
}

export interface ClassifierIndex {
  docs: CodeDoc[];
  postings: Map<string, Posting>;
  byCn8: Map<string, number>;
  byHs6: Map<string, number[]>;
  hs: Nomenclature['hs'];
  vagueTerms: Set<string>;
  stats: { docs: number; terms: number; postings: number; referenceTerms: number; buildMs: number };
}

export interface BuildOptions {
  /** Reference texts (goods terms and parcel descriptions) to leave out, e.g. all but the training split when measuring. */
  excludeReference?: (text: string) => boolean;
  nomenclature?: Nomenclature;
}

/** Builds the BM25F index over the shipped nomenclature and references. Takes a few hundred ms. */
export function buildIndex(options: BuildOptions = {}): ClassifierIndex {
  const started = performance.now();
  const nom = options.nomenclature ?? loadNomenclature();
  const hsText = (code: string): string => nom.hs.get(code)?.description ?? '';
  const docs: CodeDoc[] = [];
  const byCn8 = new Map<string, number>();
  const byHs6 = new Map<string, number[]>();

  const addDoc = (cn8: string, line: string, hsOnly = false): void => {
    const hs6 = cn8.slice(0, 6);
    const heading = cn8.slice(0, 4);
    const chapter = cn8.slice(0, 2);
    const section = nom.hs.get(chapter)?.section ?? nom.hs.get(hs6)?.section ?? '';
    const doc: CodeDoc = {
      cn8,
      hs6,
      heading,
      chapter,
      text: {
        line,
        sub: hsText(hs6),
        head: hsText(heading),
        chap: hsText(chapter),
        sect: nom.sections.get(section) ?? '',
        refs: '',
        extra: '',
      },
      refTerms: [],
      extraTerms: [],
      uk10: `${cn8}00`,
      hsOnly,
    };
    byCn8.set(cn8, docs.length);
    const list = byHs6.get(hs6) ?? [];
    list.push(docs.length);
    byHs6.set(hs6, list);
    docs.push(doc);
  };

  for (const line of nom.cn8) {
    const cnSub = line.parent.length === 6 ? (nom.cnSubheadings.get(line.parent) ?? '') : '';
    const own = cnSub && cnSub !== line.description ? `${cnSub}; ${line.description}` : line.description;
    addDoc(line.code, own);
  }
  // HS subheadings without a CN8 line (version differences) still get a document.
  for (const [code, entry] of nom.hs) if (code.length === 6 && !byHs6.has(code)) addDoc(`${code}00`, entry.description, true);

  /** The document a reference code points at: its CN8 line, else the closest line of its HS subheading. */
  const docFor = (code: string): number | undefined => {
    const exact = byCn8.get(code.slice(0, 8));
    if (exact !== undefined) return exact;
    const candidates = byHs6.get(code.slice(0, 6));
    if (!candidates) return undefined;
    let best = candidates[0];
    let bestPrefix = -1;
    for (const i of candidates) {
      const c = docs[i]?.cn8 ?? '';
      let p = 0;
      while (p < 8 && c[p] === code[p]) p++;
      if (p > bestPrefix) {
        bestPrefix = p;
        best = i;
      }
    }
    return best;
  };

  const ukCounts = new Map<number, Map<string, number>>();
  const countUk = (doc: number, code: string): void => {
    if (code.length !== 10) return;
    const m = ukCounts.get(doc) ?? new Map<string, number>();
    m.set(code, (m.get(code) ?? 0) + 1);
    ukCounts.set(doc, m);
  };
  let referenceTerms = 0;
  for (const ref of nom.searchReferences) {
    if (options.excludeReference?.(ref.term)) continue;
    const i = docFor(ref.code);
    const doc = i === undefined ? undefined : docs[i];
    if (i === undefined || !doc) continue;
    doc.refTerms.push(ref.term);
    countUk(i, ref.code);
    referenceTerms++;
  }
  for (const ref of nom.extraReferences) {
    if (options.excludeReference?.(ref.description)) continue;
    const i = docFor(ref.code);
    const doc = i === undefined ? undefined : docs[i];
    if (i === undefined || !doc) continue;
    doc.extraTerms.push(ref.description);
    countUk(i, ref.code);
  }
  for (const [i, counts] of ukCounts) {
    const doc = docs[i];
    if (!doc) continue;
    const [top] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (top && top[0].startsWith(doc.cn8)) doc.uk10 = top[0];
  }
  for (const doc of docs) {
    doc.text.refs = doc.refTerms.join(' | ');
    doc.text.extra = doc.extraTerms.join(' | ');
  }

  // Term frequencies per field, then BM25F weights.
  const fieldTerms = docs.map((d) => FIELDS.map((f) => terms(indexable(d.text[f]))));
  const avgLen = FIELDS.map((_, fi) => {
    let sum = 0;
    let n = 0;
    for (const ft of fieldTerms) {
      const len = ft[fi]?.length ?? 0;
      if (len > 0) {
        sum += len;
        n++;
      }
    }
    return n ? sum / n : 1;
  });
  const building = new Map<string, { docs: number[]; weights: number[]; chapters: Set<string> }>();
  fieldTerms.forEach((perField, docIndex) => {
    const tf = new Map<string, number>();
    const own = new Set<string>();
    perField.forEach((list, fi) => {
      const field = FIELDS[fi];
      if (!field || list.length === 0) return;
      if (field !== 'chap' && field !== 'sect') for (const t of list) own.add(t);
      const norm = 1 - B + (B * list.length) / (avgLen[fi] ?? 1);
      const counts = new Map<string, number>();
      for (const t of list) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, c] of counts) tf.set(t, (tf.get(t) ?? 0) + (FIELD_WEIGHTS[field] * c) / norm);
    });
    for (const [t, w] of tf) {
      const p = building.get(t) ?? { docs: [], weights: [], chapters: new Set<string>() };
      p.docs.push(docIndex);
      p.weights.push(w / (K1 + w));
      if (own.has(t)) p.chapters.add(docs[docIndex]?.chapter ?? '');
      building.set(t, p);
    }
  });
  const postings = new Map<string, Posting>();
  let postingCount = 0;
  const n = docs.length;
  for (const [t, p] of building) {
    const df = p.docs.length;
    postings.set(t, {
      docs: Uint32Array.from(p.docs),
      weights: Float32Array.from(p.weights),
      idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)),
      chapters: p.chapters.size,
    });
    postingCount += df;
  }
  return {
    docs,
    postings,
    byCn8,
    byHs6,
    hs: nom.hs,
    vagueTerms: nom.vagueTerms,
    stats: { docs: n, terms: postings.size, postings: postingCount, referenceTerms, buildMs: performance.now() - started },
  };
}
