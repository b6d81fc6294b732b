import { RUN_NOTE_PREFIXES } from '../../contract/classification.js';
import type { Jurisdiction } from '../../contract/scopes.js';
import { applyIsotonic } from './calibration.js';
import { featureIds } from './features.js';
import { fuse, type Evidence as FusionEvidence, type Fused } from './fusion.js';
import { buildIndex, FIELD_LABELS, FIELDS, type ClassifierIndex, type CodeDoc, type FieldName } from './index-build.js';
import { buildLabelTree, type LabelTree } from './labels.js';
import { fileNameText, queryTerms, scoreLexical, type Evidence, type LexicalScores, type QueryTerm } from './lexical.js';
import { loadModel, type ModelMeta } from './model-file.js';
import type { HierarchicalModel, Prediction } from './model.js';
import { NeighbourMemory } from './neighbours.js';
import { referencePrior } from './priors.js';
import { HeadNounIndex, headPhrase } from './head-noun.js';
import { normaliseVague } from './nomenclature.js';
import { StateConflicts } from './states.js';
import { PER_HEADING, rankSubheadings } from './ranking.js';
import { TermExpander } from './term-expansion.js';
import { analyse, indexable, terms } from '../../server-kit/nomenclature/text.js';
import { wordNetTerms, type WordNetTerms } from './wordnet-terms.js';

export { fileNameText, type Evidence } from './lexical.js';

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
  /** Calibrated 0-10: about 10 x the share of such options whose heading was right on validation data (see optionScore). */
  score: number;
  explanation: string;
}

export interface RulingReference {
  commodityCode: string;
  url: string;
  text: string;
}

/** The verification of a requested (or assigned) code. */
export interface CodeCheck {
  code: string;
  /** The code exists in the jurisdiction's nomenclature as the sandbox holds it. */
  found: boolean;
  /** Its 0-10 score as an option would have (0 when not found). */
  score: number;
  /** Calibrated 0-10 score of its heading. */
  headingScore: number;
  supported: boolean;
  /** Its position among the options (compared at the digits the engine tells apart). */
  rank?: number;
  inOptions: boolean;
  /** The heading of the first option, when the code is in another heading. */
  preferredHeading?: { code: string; description: string; score: number };
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
  /** The description is too thin for a reliable code (vague, one broad word, or the first option's heading score is below THIN_SCORE). */
  thin: boolean;
}

/**
 * Below this calibrated heading score of the first option (about a 50 % chance that even the
 * heading is right, on validation data), the notes ask for material, use and user.
 */
export const THIN_SCORE = 5;
/** Without any word matching the nomenclature, options are listed only when the model's best heading scores this much. */
const NO_MATCH_MIN_HEADING_SCORE = 2;
/** Words of each PDF page the learned model reads. */
const MODEL_PDF_WORDS_PER_PAGE = 40;
/** Vague descriptions (HMRC's list, or one broad word) never score above this. */
const VAGUE_SCORE_CAP = 3;
/**
 * A description of one word that the nomenclature's own texts and the goods terms use in this many
 * chapters or more ("top": garments, furniture, vehicles...) names no goods on its own: it is
 * treated as thin. Set by reasoning (a word of 10 chapters leaves the heading open), not tuned.
 */
const BROAD_WORD_CHAPTERS = 10;

export const EBTI_URL = 'https://ec.europa.eu/taxation_customs/dds2/ebti/ebti_home.jsp?Lang=en';
export const UK_TARIFF_URL = 'https://www.trade-tariff.service.gov.uk/commodities/';

/** Digits of an assigned or requested code: spaces and dots removed. */
export const codeDigits = (code: string): string => code.replace(/[\s.]/g, '');

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

/** How a proposed code was completed beyond what the shipped nomenclature holds, per jurisdiction. */
function completionNote(doc: CodeDoc, jurisdiction: Jurisdiction): string {
  switch (jurisdiction) {
    case 'EU':
      return '';
    case 'UK':
      return doc.uk10.endsWith('00') && !doc.refTerms.length && !doc.extraTerms.length
        ? ' UK code completed from the CN8 line with 00 (no UK 10-digit list is shipped).'
        : ' UK 10 digits as the UK goods terms give this line.';
    case 'US':
      return ' US code completed from the HS subheading with 0000: no US HTS list is shipped, so the statistical digits are not checked.';
    case 'CH':
      return ' CH code completed from the HS subheading with 00: no Swiss tariff list is shipped.';
  }
}

/** The part of a code the engine can tell apart, per jurisdiction: 8 digits for EU and UK, 6 for US and CH. */
export const comparableDigits = (jurisdiction: Jurisdiction): number => (jurisdiction === 'EU' || jurisdiction === 'UK' ? 8 : 6);

const spaced = (code: string): string =>
  code.replace(/^(\d{4})(\d{2})?(\d{2})?(\d{2})?$/, (_m, a: string, b?: string, c?: string, d?: string) =>
    [a, b, c, d].filter(Boolean).join(' '),
  );
const clip = (s: string, n = 110): string => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
const tenths = (p: number): number => Math.round(100 * Math.min(1, Math.max(0, p))) / 10;

export interface ClassifierOptions {
  /** Most options taken from one heading (default 2). */
  perHeading?: number;
  /** The learned model and its settings (default: the committed data/model.*). */
  model?: { model: HierarchicalModel; meta: ModelMeta };
  /** The remembered reference texts (default: those the index holds). */
  memory?: NeighbourMemory;
  headNouns?: HeadNounIndex;
  /** WordNet readings of words the index does not hold (default: the committed data/wordnet-terms.txt). */
  wordnet?: WordNetTerms;
}

/** The reference texts an index holds (goods terms and parcel descriptions), as a neighbour memory. */
export function referenceMemory(index: ClassifierIndex, tree: LabelTree, buckets: number): NeighbourMemory {
  return new NeighbourMemory(
    tree,
    buckets,
    index.docs.flatMap((d) => [...d.refTerms, ...d.extraTerms].map((text) => ({ text, code: d.hs6 }))),
  );
}

/** One ranked candidate: a subheading and the code document that stands for it. */
interface Candidate {
  sub: number;
  doc: number;
  code: string;
  pSub: number;
  pHead: number;
  score: number;
}

export class Classifier {
  readonly tree: LabelTree;
  readonly model: HierarchicalModel;
  readonly meta: ModelMeta;
  readonly memory: NeighbourMemory;
  readonly states: StateConflicts;
  readonly headNouns: HeadNounIndex;
  readonly expander: TermExpander;
  private readonly wordnet: WordNetTerms;
  /** Class prior per subheading from the references the index holds (priors.ts). */
  readonly prior: Float64Array;
  private readonly perHeading: number;

  constructor(
    readonly index: ClassifierIndex,
    options: ClassifierOptions = {},
  ) {
    this.perHeading = options.perHeading ?? PER_HEADING;
    this.tree = options.model?.model.tree ?? buildLabelTree(index.hs);
    const loaded = options.model ?? loadModel(this.tree);
    this.model = loaded.model;
    this.meta = loaded.meta;
    this.memory = options.memory ?? referenceMemory(index, this.tree, this.model.shape.buckets);
    this.states = new StateConflicts(this.tree, index.hs);
    this.headNouns =
      options.headNouns ??
      new HeadNounIndex(this.tree, {
        hs: index.hs,
        cn8: index.docs.filter((d) => !d.hsOnly).map((d) => ({ code: d.cn8, description: d.text.line })),
      });
    this.wordnet = options.wordnet ?? wordNetTerms();
    this.expander = new TermExpander(index.postings, this.wordnet);
    this.prior = referencePrior(index, this.tree);
  }

  /**
   * What the fusion weighs for a description and its evidence: the model's prediction and the
   * per-subheading signals (training tunes the fusion parameters on these).
   */
  signals(
    description: string,
    evidence: readonly Evidence[] = [],
  ): { prediction: Prediction; signals: FusionEvidence; lexical: LexicalScores; query: Map<string, QueryTerm> } {
    const query = queryTerms(description, evidence);
    // WordNet noun phrases the nomenclature never says ("aircraft carrier" -> warship) are read like
    // unknown words, in the words naming the goods only: "accumulators for mobile phones" are no phones.
    const phrases = this.wordnet.phraseExpansions(terms(indexable(headPhrase(description))), this.index.postings);
    const lexical = scoreLexical(this.index, this.tree, query, this.expander, phrases);
    // The model and the memory read the description, the image file names and the start of each
    // PDF page (enough to name the goods; whole invoices would drown the description).
    // The closest WordNet readings of unknown words and phrases are read by the model and the memory too ("tofu" -> curd).
    const readings = [
      ...this.wordnet.strongReadings(
        lexical.unknown.map((q) => q.term),
        this.index.postings,
      ),
      ...this.wordnet.strong(phrases),
    ];
    const text = indexable(
      [
        description,
        ...readings,
        ...evidence.map((e) =>
          e.kind === 'fileName' ? fileNameText(e.text) : (e.text.match(/\S+/g) ?? []).slice(0, MODEL_PDF_WORDS_PER_PAGE).join(' '),
        ),
      ].join(' '),
    );
    return {
      prediction: this.model.predict(featureIds(text, this.model.shape.buckets)),
      signals: {
        lexical: lexical.subheadings,
        neighbours: this.memory.similarities(text),
        headNoun: this.headNouns.matches(description),
        conflicts: this.states.conflicts(description),
        prior: this.prior,
      },
      lexical,
      query,
    };
  }

  /** Fused subheading and heading probabilities for a description and its evidence. */
  probabilities(
    description: string,
    evidence: readonly Evidence[] = [],
  ): { fused: Fused; lexical: LexicalScores; query: Map<string, QueryTerm> } {
    const { prediction, signals, lexical, query } = this.signals(description, evidence);
    return { fused: fuse(this.tree, prediction, signals, this.meta.fusion), lexical, query };
  }

  headingScore = (p: number): number => tenths(applyIsotonic(this.meta.headingCalibration, p));

  /**
   * An option's 0-10 score: the calibrated chance that its heading is right, scaled down by how
   * much less likely its subheading is than the best one of that heading. The best subheading of
   * a heading keeps the heading's score (so options scored 8+ are right at heading level 8 times
   * in 10 or more); a weaker reading of the same heading (fresh vs frozen) scores lower.
   */
  optionScore(fused: Fused, sub: number): number {
    const head = this.tree.subheadingHeading[sub] ?? 0;
    let best = 0;
    for (const s of this.tree.headingSubheadings[head] ?? []) best = Math.max(best, fused.subheading[s] ?? 0);
    const share = best > 0 ? (fused.subheading[sub] ?? 0) / best : 0;
    return Math.round(10 * this.headingScore(fused.heading[head] ?? 0) * share) / 10;
  }

  classify(input: ClassifyInput): ClassifyOutput {
    const { jurisdiction } = input;
    const limit = input.limit ?? 5;
    const evidence = input.evidence ?? [];
    const { fused, lexical, query } = this.probabilities(input.description, evidence);
    const vague = this.isVague(input.description);
    const broad = vague ? undefined : this.broadWord(input.description);
    const cap = (score: number): number => (vague || broad ? Math.min(VAGUE_SCORE_CAP, score) : score);
    // Unreadable input (no word in the nomenclature, the model unsure of any heading) gets no options rather than noise.
    const lexicalMatch = lexical.docs.some((s) => s > 0);
    const anyEvidence = query.size > 0 && (lexicalMatch || this.headingScore(Math.max(...fused.heading)) >= NO_MATCH_MIN_HEADING_SCORE);

    const candidates: Candidate[] = [];
    const lines = new Map<number, number>();
    const usable = (sub: number): boolean => {
      const doc = this.lineFor(this.tree.subheadings[sub] ?? '', lexical.docs);
      if (doc !== undefined) lines.set(sub, doc);
      return doc !== undefined;
    };
    for (const sub of anyEvidence ? rankSubheadings(this.tree, fused.subheading, limit, this.perHeading, usable) : []) {
      const doc = lines.get(sub) ?? 0;
      const pSub = fused.subheading[sub] ?? 0;
      const pHead = fused.heading[this.tree.subheadingHeading[sub] ?? 0] ?? 0;
      candidates.push({ sub, doc, code: formatCode(this.docAt(doc), jurisdiction), pSub, pHead, score: cap(this.optionScore(fused, sub)) });
    }
    candidates.sort((a, b) => b.score - a.score || b.pSub - a.pSub);
    const options = candidates.map((c): ClassificationOption => ({
      code: c.code,
      score: c.score,
      explanation: this.explain(c, query, jurisdiction, cap),
    }));

    const first = candidates[0];
    const firstHeadingScore = first ? cap(this.headingScore(first.pHead)) : 0;
    const thin = vague || broad !== undefined || !first || firstHeadingScore < THIN_SCORE;

    const check = (raw: string): CodeCheck => {
      const code = codeDigits(raw);
      const found = this.exists(code, jurisdiction);
      const sub = this.tree.subheadingIndex.get(code.slice(0, 6));
      const head = this.tree.headingIndex.get(code.slice(0, 4));
      const score = found && sub !== undefined ? cap(this.optionScore(fused, sub)) : 0;
      const headingScore = found && head !== undefined ? cap(this.headingScore(fused.heading[head] ?? 0)) : 0;
      const digits = comparableDigits(jurisdiction);
      const rankIndex = options.findIndex((o) => o.code.slice(0, digits) === code.slice(0, digits));
      const bestScore = options[0]?.score ?? 0;
      const preferred = first && this.tree.headings[this.tree.subheadingHeading[first.sub] ?? 0];
      return {
        code,
        found,
        score,
        headingScore,
        supported: found && score >= 3 && score >= 0.75 * bestScore,
        ...(rankIndex >= 0 ? { rank: rankIndex + 1 } : {}),
        inOptions: rankIndex >= 0,
        ...(preferred && preferred !== code.slice(0, 4)
          ? {
              preferredHeading: { code: preferred, description: this.index.hs.get(preferred)?.description ?? '', score: firstHeadingScore },
            }
          : {}),
      };
    };

    const notes: string[] = [];
    const fileNames = evidence.filter((e) => e.kind === 'fileName').length;
    const pages = evidence.filter((e) => e.kind === 'pdfText' && e.text.trim()).length;
    const sources = ['the description'];
    if (fileNames) sources.push(`${fileNames} image file name${fileNames > 1 ? 's' : ''}`);
    if (pages) sources.push(`the text of ${pages} PDF page${pages > 1 ? 's' : ''}`);
    notes.push(
      `Learned classifier (word and character n-grams, chapter then heading then subheading) fused with a lexical match of ${sources.join(', ')} against the ${jurisdiction} nomenclature (HS 2022 and CN 2026 texts, UK goods terms). Scores are calibrated: of options scored 8 or more, about 8 in 10 or more were right on held-out data.`,
    );
    if (vague)
      notes.push(
        `The description "${clip(input.description.trim(), 60)}" is too vague to classify reliably (it is on HMRC's list of vague terms); scores are capped at ${VAGUE_SCORE_CAP}.`,
      );
    if (broad)
      notes.push(
        `"${clip(input.description.trim(), 60)}" alone names goods in ${broad.chapters} chapters of the nomenclature; scores are capped at ${VAGUE_SCORE_CAP}.`,
      );
    if (thin) {
      notes.push(
        `${RUN_NOTE_PREFIXES.thin} say what the goods are, what they are made of (material), what they are used for and who they are for (e.g. "men's knitted cotton t-shirt" rather than "top").`,
      );
    }
    if (lexical.unknown.length)
      notes.push(
        `Words not found in the nomenclature: ${[...new Set(lexical.unknown.flatMap((u) => [...u.words]))].slice(0, 10).join(', ')}.`,
      );
    if (options.length === 0) notes.push('No word of the input can be read, so no code is proposed; describe the goods in more detail.');

    let requestedCode: CodeCheck | undefined;
    if (input.code !== undefined) {
      requestedCode = check(input.code);
      notes.push(describeCheck(requestedCode, options[0]));
    }
    let assignedCode: CodeCheck | undefined;
    let hasBetterSuggestion = false;
    if (input.assignedCode !== undefined) {
      assignedCode = check(input.assignedCode);
      const bestOption = options[0];
      const digits = comparableDigits(jurisdiction);
      if (bestOption && bestOption.code.slice(0, digits) !== assignedCode.code.slice(0, digits) && bestOption.score > assignedCode.score) {
        hasBetterSuggestion = true;
        notes.push(
          `A better code than the assigned ${spaced(assignedCode.code)} (score ${assignedCode.score}) is proposed: ${spaced(bestOption.code)} (score ${bestOption.score}).`,
        );
      }
    }

    return {
      // One note per line, so clients can pick out the prefixed ones (RUN_NOTE_PREFIXES).
      notes: notes.join('\n'),
      options,
      rulingReferences: first && options[0] && options[0].score >= 3 ? this.rulingReferences(first, query, jurisdiction) : [],
      ...(requestedCode ? { requestedCode } : {}),
      ...(assignedCode ? { assignedCode } : {}),
      hasBetterSuggestion,
      vague,
      thin,
    };
  }

  /** Whether a code exists in the jurisdiction's nomenclature (EU, UK: the CN8 line; US, CH: the HS subheading). */
  exists(code: string, jurisdiction: Jurisdiction): boolean {
    if (!/^\d{6,10}$/.test(code)) return false;
    if (jurisdiction === 'EU' || jurisdiction === 'UK') {
      const doc = this.index.byCn8.get(code.slice(0, 8));
      return code.length >= 8 && doc !== undefined && !this.docAt(doc).hsOnly;
    }
    return this.tree.subheadingIndex.has(code.slice(0, 6));
  }

  /** The CN8 line standing for a subheading: the best lexical match, else the line most references point at. */
  private lineFor(hs6: string, docScores: Float64Array): number | undefined {
    let best: number | undefined;
    let bestKey = -1;
    for (const d of this.index.byHs6.get(hs6) ?? []) {
      const doc = this.docAt(d);
      if (doc.hsOnly) continue;
      const key = (docScores[d] ?? 0) * 1000 + Math.min(999, doc.refTerms.length + doc.extraTerms.length);
      if (key > bestKey) {
        bestKey = key;
        best = d;
      }
    }
    return best;
  }

  private docAt(d: number): CodeDoc {
    const doc = this.index.docs[d];
    if (!doc) throw new Error(`No code document ${d}`);
    return doc;
  }

  /** HMRC's vague terms, matched whole, or a short description made only of vague words. */
  isVague(description: string): boolean {
    const norm = normaliseVague(description);
    if (!norm) return true;
    if (this.index.vagueTerms.has(norm)) return true;
    const ws = analyse(description).map((t) => t.word);
    return ws.length > 0 && ws.length <= 3 && ws.every((w) => this.index.vagueTerms.has(w));
  }

  /** A description of a single word that the nomenclature uses across BROAD_WORD_CHAPTERS chapters or more, with that count. */
  broadWord(description: string): { chapters: number } | undefined {
    const words = new Set(analyse(description).map((t) => t.term));
    if (words.size !== 1) return undefined;
    const [word = ''] = words;
    const chapters = this.index.postings.get(word)?.chapters ?? 0;
    return chapters >= BROAD_WORD_CHAPTERS ? { chapters } : undefined;
  }

  private explain(c: Candidate, query: Map<string, QueryTerm>, jurisdiction: Jurisdiction, cap: (s: number) => number): string {
    const doc = this.docAt(c.doc);
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
    const share = c.pHead > 0 ? Math.round((100 * c.pSub) / c.pHead) : 0;
    const parts = [
      `Heading ${doc.heading} "${clip(doc.text.head)}" (heading score ${cap(this.headingScore(c.pHead))})`,
      `subheading ${spaced(doc.hs6)} "${clip(doc.text.sub)}" chosen within the heading (${share} % of its weight)`,
      `CN ${spaced(doc.cn8)} "${clip(doc.text.line, 60)}"`,
    ];
    let text = `${parts.join('; ')}. Matched: ${matches.join('; ') || 'nothing word for word (learned from similar descriptions)'}.`;
    if (missed.length) text += ` Not matched here: ${missed.slice(0, 8).join(', ')}.`;
    return text + completionNote(doc, jurisdiction);
  }

  private rulingReferences(first: Candidate, query: Map<string, QueryTerm>, jurisdiction: Jurisdiction): RulingReference[] {
    const doc = this.docAt(first.doc);
    if (jurisdiction === 'EU') {
      return [
        {
          commodityCode: first.code,
          url: EBTI_URL,
          text: `Binding Tariff Information on CN ${spaced(first.code)} can be looked up in the EBTI database (a BTI is valid for 3 years); the sandbox holds no BTI decisions itself.`,
        },
      ];
    }
    if (jurisdiction !== 'UK') return [];
    const matched = doc.refTerms.filter((r) => terms(r).some((t) => query.has(t))).slice(0, 3);
    if (!matched.length) return [];
    return [
      {
        commodityCode: first.code,
        url: `${UK_TARIFF_URL}${first.code}`,
        text: `UK Trade Tariff goods term${matched.length > 1 ? 's' : ''} ${matched.map((t) => `"${t}"`).join(', ')} point${matched.length > 1 ? '' : 's'} at this commodity.`,
      },
    ];
  }
}

function describeCheck(check: CodeCheck, bestOption: ClassificationOption | undefined): string {
  const shown = spaced(check.code);
  if (!check.found)
    return `${RUN_NOTE_PREFIXES.requestedCode}${shown} is not in the nomenclature the sandbox holds, so it is not supported.`;
  const preferred = check.preferredHeading
    ? ` The engine prefers heading ${check.preferredHeading.code} "${clip(check.preferredHeading.description, 60)}" (heading score ${check.preferredHeading.score}).`
    : '';
  if (check.supported)
    return `${RUN_NOTE_PREFIXES.requestedCode}${shown} is supported by the description: score ${check.score}${check.rank ? `, rank ${check.rank}` : ''}.${preferred}`;
  const against = bestOption ? ` against ${bestOption.score} for ${spaced(bestOption.code)}` : '';
  const where = check.inOptions ? ` (rank ${check.rank ?? ''})` : ' and is not among the options';
  return `${RUN_NOTE_PREFIXES.requestedCode}${shown} is not supported by the description: it scores ${check.score}${against}${where}.${preferred}`;
}

let shared: Classifier | undefined;

/** The process-wide classifier, built on first use (about a second, see README.md). */
export function getClassifier(): Classifier {
  shared ??= new Classifier(buildIndex());
  return shared;
}
