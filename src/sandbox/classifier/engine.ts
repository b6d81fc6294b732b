import type { Jurisdiction } from '../../contract/scopes.js';
import { buildIndex, FIELD_LABELS, FIELDS, type ClassifierIndex, type CodeDoc, type FieldName } from './index-build.js';
import { normaliseVague } from './nomenclature.js';
import { analyse, indexable, terms } from './text.js';

/** Where a piece of evidence came from; descriptions weigh most, PDF text least. */
export type EvidenceKind = 'description' | 'fileName' | 'pdfText';

const EVIDENCE_WEIGHT: Record<EvidenceKind, number> = { description: 1, fileName: 0.6, pdfText: 0.35 };
/** At most this many words of PDF text per page are read (long documents drown the description). */
const PDF_WORDS_PER_PAGE = 150;

export interface Evidence {
  kind: EvidenceKind;
  text: string;
  /** Shown in notes, e.g. 'invoice.pdf (page 1)'. */
  label?: string;
}

export interface ClassifyInput {
  jurisdiction: Jurisdiction;
  description: string;
  evidence?: Evidence[];
  /** A code the client asked to verify (start body `code`). */
  code?: string;
  /** The item's assigned code for this jurisdiction, scored to decide hasBetterSuggestion. */
  assignedCode?: string;
  /** Number of options (default 5). */
  limit?: number;
}

export interface ClassificationOption {
  code: string;
  score: number;
  explanation: string;
}

export interface RulingReference {
  commodityCode: string;
  url: string;
  text: string;
}

export interface CodeCheck {
  code: string;
  found: boolean;
  score: number;
  supported: boolean;
  rank?: number;
}

export interface ClassifyOutput {
  notes: string;
  options: ClassificationOption[];
  rulingReferences: RulingReference[];
  requestedCode?: CodeCheck;
  assignedCode?: CodeCheck;
  /** A proposed code scores better than the assigned one. */
  hasBetterSuggestion: boolean;
  vague: boolean;
}

export const EBTI_URL = 'https://ec.europa.eu/taxation_customs/dds2/ebti/ebti_home.jsp?Lang=en';
export const UK_TARIFF_URL = 'https://www.trade-tariff.service.gov.uk/commodities/';

/** Digits of an assigned or requested code: spaces and dots removed. */
export const codeDigits = (code: string): string => code.replace(/[\s.]/g, '');

/** Output length per jurisdiction (service-facts 5: EU CN 8, UK 10, US HTS 10, CH 8). */
export const CODE_LENGTH: Record<Jurisdiction, number> = { EU: 8, UK: 10, US: 10, CH: 8 };

/**
 * The code a document is proposed as, per jurisdiction (documented sandbox rule):
 * EU the CN8 line; UK the CN8 line plus the 2 digits the UK goods terms most often give it, else 00;
 * US and CH the HS subheading plus zeros (no HTS or Swiss national data is shipped).
 */
export function formatCode(doc: CodeDoc, jurisdiction: Jurisdiction): string {
  switch (jurisdiction) {
    case 'EU':
      return doc.cn8;
    case 'UK':
      return doc.uk10;
    case 'US':
      return `${doc.hs6}0000`;
    case 'CH':
      return `${doc.hs6}00`;
  }
}

/** The part of a code the engine can tell apart, per jurisdiction: 8 digits for EU and UK, 6 for US and CH. */
export const comparableDigits = (jurisdiction: Jurisdiction): number => (jurisdiction === 'EU' || jurisdiction === 'UK' ? 8 : 6);

const spaced = (code: string): string => code.replace(/^(\d{4})(\d{2})?(\d{2})?(\d{2})?$/, (_m, a: string, b?: string, c?: string, d?: string) => [a, b, c, d].filter(Boolean).join(' '));
const clip = (s: string, n = 110): string => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

interface QueryTerm {
  term: string;
  weight: number;
  words: Set<string>;
  kinds: Set<EvidenceKind>;
}

interface Scored {
  doc: number;
  score: number;
  coverage: number;
}

export interface ClassifierOptions {
  /** Most options taken from one HS subheading (default 1) and from one heading (default 2). */
  perSubheading?: number;
  perHeading?: number;
}

export class Classifier {
  private readonly perSubheading: number;
  private readonly perHeading: number;

  constructor(
    readonly index: ClassifierIndex,
    options: ClassifierOptions = {},
  ) {
    this.perSubheading = options.perSubheading ?? 1;
    this.perHeading = options.perHeading ?? 2;
  }

  classify(input: ClassifyInput): ClassifyOutput {
    const { jurisdiction } = input;
    const limit = input.limit ?? 5;
    const query = this.queryTerms(input);
    const descriptionWords = analyse(input.description);
    const notes: string[] = [];
    const vague = this.isVague(input.description);

    const known = [...query.values()].filter((q) => this.index.postings.has(q.term));
    const unknown = [...query.values()].filter((q) => !this.index.postings.has(q.term) && q.kinds.has('description'));
    const totalWeight = known.reduce((sum, q) => sum + q.weight * (this.index.postings.get(q.term)?.idf ?? 0), 0);

    const n = this.index.docs.length;
    const scores = new Float64Array(n);
    const covered = new Float64Array(n);
    for (const q of known) {
      const p = this.index.postings.get(q.term);
      if (!p) continue;
      const qw = q.weight * p.idf;
      for (let i = 0; i < p.docs.length; i++) {
        const d = p.docs[i] ?? 0;
        scores[d] = (scores[d] ?? 0) + qw * (p.weights[i] ?? 0);
        covered[d] = (covered[d] ?? 0) + qw;
      }
    }

    // Best document per proposed code, ranked.
    const best = new Map<string, Scored>();
    for (let d = 0; d < n; d++) {
      const s = scores[d] ?? 0;
      if (s <= 0) continue;
      const doc = this.index.docs[d];
      if (!doc) continue;
      const code = formatCode(doc, jurisdiction);
      const prev = best.get(code);
      if (!prev || s > prev.score) best.set(code, { doc: d, score: s, coverage: totalWeight ? (covered[d] ?? 0) / totalWeight : 0 });
    }
    const ranked = [...best.entries()].sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]));
    const top = ranked[0]?.[1].score ?? 0;
    const ties = ranked.filter(([, s]) => s.score >= top * 0.97).length;
    const quality = (vague ? 0.3 : 1) * (descriptionWords.length <= 1 ? 0.85 : 1) * Math.max(0.6, 1 / (1 + 0.1 * (ties - 1)));
    const confidence = (s: Scored): number => (top > 0 ? Math.round(100 * quality * s.coverage * Math.sqrt(s.score / top)) / 10 : 0);

    // A few options per subheading and heading only, so alternatives show other readings of the goods.
    const options: ClassificationOption[] = [];
    const used = new Map<string, number>();
    const chosen: { code: string; scored: Scored }[] = [];
    for (const [code, scored] of ranked) {
      if (options.length >= limit) break;
      const doc = this.index.docs[scored.doc];
      if (!doc) continue;
      const inSub = used.get(doc.hs6) ?? 0;
      const inHeading = used.get(doc.heading) ?? 0;
      if (inSub >= this.perSubheading || inHeading >= this.perHeading) continue;
      used.set(doc.hs6, inSub + 1);
      used.set(doc.heading, inHeading + 1);
      options.push({ code, score: confidence(scored), explanation: this.explain(doc, query) });
      chosen.push({ code, scored });
    }
    options.sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));

    const check = (raw: string): CodeCheck => {
      const code = codeDigits(raw);
      const docs = this.docsFor(code, jurisdiction);
      let bestDoc: Scored | undefined;
      for (const d of docs) {
        const s = scores[d] ?? 0;
        if (!bestDoc || s > bestDoc.score) bestDoc = { doc: d, score: s, coverage: totalWeight ? (covered[d] ?? 0) / totalWeight : 0 };
      }
      const score = bestDoc ? confidence(bestDoc) : 0;
      const bestScore = options[0]?.score ?? 0;
      const key = code.slice(0, comparableDigits(jurisdiction));
      const rankIndex = options.findIndex((o) => o.code.slice(0, comparableDigits(jurisdiction)) === key);
      return {
        code,
        found: docs.length > 0,
        score,
        supported: docs.length > 0 && score >= 3 && score >= 0.75 * bestScore,
        ...(rankIndex >= 0 ? { rank: rankIndex + 1 } : {}),
      };
    };

    // Notes.
    const evidence = input.evidence ?? [];
    const fileNames = evidence.filter((e) => e.kind === 'fileName').length;
    const pages = evidence.filter((e) => e.kind === 'pdfText' && e.text.trim()).length;
    const sources = ['the description'];
    if (fileNames) sources.push(`${fileNames} image file name${fileNames > 1 ? 's' : ''}`);
    if (pages) sources.push(`the text of ${pages} PDF page${pages > 1 ? 's' : ''}`);
    notes.push(`Lexical match of ${sources.join(', ')} against the ${jurisdiction} nomenclature (HS 2022 and CN 2026 texts, UK goods terms).`);
    if (vague) {
      notes.push(
        `The description "${clip(input.description.trim(), 60)}" is too vague to classify reliably (it is on HMRC's list of vague terms): say what the goods are, what they are made of and what they are used for. Scores are lowered.`,
      );
    } else if (descriptionWords.length <= 1) {
      notes.push('The description has one informative word only; more detail (material, use, form) gives better codes.');
    }
    if (unknown.length) notes.push(`Words not found in the nomenclature: ${[...new Set(unknown.flatMap((u) => [...u.words]))].slice(0, 10).join(', ')}.`);
    if (options.length === 0) notes.push('No word of the input matches the nomenclature, so no code is proposed; describe the goods in more detail.');
    else if (ties > 1) notes.push(`${ties} codes score alike; the text does not tell them apart, so scores are lowered.`);
    if (jurisdiction === 'UK') notes.push('UK codes are the CN8 line followed by the two digits the UK goods terms most often give it, or 00.');
    if (jurisdiction === 'US') notes.push('US HTS national digits are not in the sandbox data: US codes are the HS subheading followed by 0000.');
    if (jurisdiction === 'CH') notes.push('Swiss national digits are not in the sandbox data: CH codes are the HS subheading followed by 00.');

    let requestedCode: CodeCheck | undefined;
    if (input.code !== undefined) {
      requestedCode = check(input.code);
      notes.push(this.describeCheck('requested', requestedCode, options[0]));
    }
    let assignedCode: CodeCheck | undefined;
    let hasBetterSuggestion = false;
    if (input.assignedCode !== undefined) {
      assignedCode = check(input.assignedCode);
      const bestOption = options[0];
      const digits = comparableDigits(jurisdiction);
      if (bestOption && bestOption.code.slice(0, digits) !== assignedCode.code.slice(0, digits) && bestOption.score > assignedCode.score) {
        hasBetterSuggestion = true;
        notes.push(`A better code than the assigned ${spaced(assignedCode.code)} (score ${assignedCode.score}) is proposed: ${spaced(bestOption.code)} (score ${bestOption.score}).`);
      }
    }

    const rulingReferences: RulingReference[] = [];
    const first = chosen[0];
    const firstDoc = first ? this.index.docs[first.scored.doc] : undefined;
    if (first && firstDoc && options[0] && options[0].score >= 3) {
      if (jurisdiction === 'EU') {
        rulingReferences.push({
          commodityCode: first.code,
          url: EBTI_URL,
          text: `Binding Tariff Information on CN ${spaced(first.code)} can be looked up in the EBTI database (a BTI is valid for 3 years); the sandbox holds no BTI decisions itself.`,
        });
      } else if (jurisdiction === 'UK') {
        const termsMatched = this.matchedReferences(firstDoc, query);
        if (termsMatched.length) {
          rulingReferences.push({
            commodityCode: first.code,
            url: `${UK_TARIFF_URL}${first.code}`,
            text: `UK Trade Tariff goods term${termsMatched.length > 1 ? 's' : ''} ${termsMatched.map((t) => `"${t}"`).join(', ')} point${termsMatched.length > 1 ? '' : 's'} at this commodity.`,
          });
        }
      }
    }

    return {
      notes: notes.join(' '),
      options,
      rulingReferences,
      ...(requestedCode ? { requestedCode } : {}),
      ...(assignedCode ? { assignedCode } : {}),
      hasBetterSuggestion,
      vague,
    };
  }

  /** Documents standing for a code: its CN8 line (EU, UK) or every line of its HS subheading. */
  docsFor(code: string, jurisdiction: Jurisdiction): number[] {
    if (!/^\d{6,10}$/.test(code)) return [];
    if (jurisdiction === 'EU' || jurisdiction === 'UK') {
      const exact = this.index.byCn8.get(code.slice(0, 8));
      if (exact !== undefined) return [exact];
      if (jurisdiction === 'EU') return [];
    }
    return this.index.byHs6.get(code.slice(0, 6)) ?? [];
  }

  /** HMRC's vague terms, matched whole, or a short description made only of vague words. */
  isVague(description: string): boolean {
    const norm = normaliseVague(description);
    if (!norm) return true;
    if (this.index.vagueTerms.has(norm)) return true;
    const ws = analyse(description).map((t) => t.word);
    return ws.length > 0 && ws.length <= 3 && ws.every((w) => this.index.vagueTerms.has(w));
  }

  private queryTerms(input: ClassifyInput): Map<string, QueryTerm> {
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
    add(indexable(input.description), 'description');
    for (const e of input.evidence ?? []) add(e.kind === 'fileName' ? fileNameText(e.text) : e.text, e.kind, e.kind === 'pdfText' ? PDF_WORDS_PER_PAGE : Infinity);
    return out;
  }

  private explain(doc: CodeDoc, query: Map<string, QueryTerm>): string {
    const fieldTerms = new Map<FieldName, Set<string>>(FIELDS.map((f) => [f, new Set(terms(indexable(doc.text[f])))]));
    const matches: string[] = [];
    const missed: string[] = [];
    for (const q of query.values()) {
      const word = [...q.words][0] ?? q.term;
      const fields = FIELDS.filter((f) => f !== 'sect' && fieldTerms.get(f)?.has(q.term));
      if (!fields.length) {
        if (q.kinds.has('description')) missed.push(word);
        continue;
      }
      const where = fields.map((f) => {
        if (f === 'refs' || f === 'extra') {
          const list = f === 'refs' ? doc.refTerms : doc.extraTerms;
          const ref = list.find((r) => terms(r).includes(q.term));
          return ref ? `${FIELD_LABELS[f]} "${clip(ref, 40)}"` : FIELD_LABELS[f];
        }
        return FIELD_LABELS[f];
      });
      const via = q.kinds.has('description') ? '' : q.kinds.has('fileName') ? ' [image file name]' : ' [PDF text]';
      matches.push(`${word}${via} (${where.join(', ')})`);
    }
    const parts = [
      `Heading ${doc.heading} "${clip(doc.text.head)}"`,
      `subheading ${spaced(doc.hs6)} "${clip(doc.text.sub)}"`,
      `CN ${spaced(doc.cn8)} "${clip(doc.text.line, 60)}"`,
    ];
    let text = `${parts.join('; ')}. Matched: ${matches.join('; ') || 'nothing'}.`;
    if (missed.length) text += ` Not matched here: ${missed.slice(0, 8).join(', ')}.`;
    return text;
  }

  private matchedReferences(doc: CodeDoc, query: Map<string, QueryTerm>): string[] {
    return doc.refTerms.filter((r) => terms(r).some((t) => query.has(t))).slice(0, 3);
  }

  private describeCheck(kind: 'requested', check: CodeCheck, bestOption: ClassificationOption | undefined): string {
    const shown = spaced(check.code);
    if (!check.found) return `The ${kind} code ${shown} is not in the nomenclature the sandbox holds, so it is not supported.`;
    if (check.supported) return `The ${kind} code ${shown} is supported by the description: score ${check.score}${check.rank ? `, rank ${check.rank}` : ''}.`;
    const against = bestOption ? ` against ${bestOption.score} for ${spaced(bestOption.code)}` : '';
    return `The ${kind} code ${shown} is not supported by the description: it scores ${check.score}${against}.`;
  }
}

/** A file name as evidence: extension dropped, separators to spaces, camera-style names ignored. */
export function fileNameText(fileName: string): string {
  const base = fileName
    .replace(/\s*\(page \d+\)$/i, '')
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[_\-.+]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2');
  const generic = /^(img|image|dsc|dscn|pxl|photo|picture|pic|scan|screenshot|upload|file|document|doc|page|untitled|whatsapp|signal|copy)$/i;
  return base
    .split(/\s+/)
    .filter((w) => !generic.test(w))
    .join(' ');
}

let shared: Classifier | undefined;

/** The process-wide classifier, built on first use (a few hundred ms, see README.md). */
export function getClassifier(): Classifier {
  shared ??= new Classifier(buildIndex());
  return shared;
}
