/**
 * Text analysis shared by the index and the queries: lower-case, accents folded, words of
 * letters only, stop words dropped, a light English stemmer and a few spelling variants
 * (US and UK spellings, as tariff texts use the UK ones).
 */

const STOP_WORDS = new Set(
  `a an the of or and nor for with without within in on onto to by from as at into than that this these those which whether
  not no nes nec other others be is are was were been being its it their them they such kind kinds used use using
  but also only more less made mainly wholly chiefly principally partly solely any all each either neither per
  including excluding included excluded heading headings subheading subheadings chapter chapters note notes
  whose whom who what when where how has have had do does did can may might must shall should will would
  up down out over under about above below between both same very so if then there here`
    .split(/\s+/)
    .filter(Boolean),
);

/** Spelling variants mapped to the form the tariff texts use. */
const VARIANTS: Record<string, string> = {
  aluminum: 'aluminium',
  color: 'colour',
  colored: 'coloured',
  colors: 'colours',
  jewelry: 'jewellery',
  tire: 'tyre',
  tires: 'tyres',
  fiber: 'fibre',
  fibers: 'fibres',
  gray: 'grey',
  mold: 'mould',
  molded: 'moulded',
  molds: 'moulds',
  center: 'centre',
  theater: 'theatre',
  sulfur: 'sulphur',
  sulfate: 'sulphate',
  sulfates: 'sulphates',
  sulfide: 'sulphide',
  sulfides: 'sulphides',
  favor: 'favour',
  flavor: 'flavour',
  flavored: 'flavoured',
  flavors: 'flavours',
  yogurt: 'yoghurt',
  pajamas: 'pyjamas',
  cellphone: 'telephone',
  cellphones: 'telephones',
  tshirts: 'tshirt',
  tee: 'tshirt',
  tees: 'tshirt',
  sneakers: 'footwear',
  sneaker: 'footwear',
  trainers: 'footwear',
  shoes: 'footwear',
  shoe: 'footwear',
  boots: 'footwear',
  sandals: 'footwear',
  laptop: 'portable',
  laptops: 'portable',
  whiskey: 'whisky',
  whiskies: 'whisky',
  // Plurals in -ves the stemmer would leave as "knive" while queries say "knife".
  knives: 'knife',
  leaves: 'leaf',
  shelves: 'shelf',
  halves: 'half',
  loaves: 'loaf',
  wolves: 'wolf',
  calves: 'calf',
};

/** A word in the spelling the tariff texts use (UK spelling, singular for -ves plurals). */
export const variant = (word: string): string => VARIANTS[word] ?? word;

/** Folds accents and case: "Crème brûlée" -> "creme brulee". */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A light suffix stemmer: plural and common verb endings, keeping stems of at least 3 letters. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(sses|xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('oes') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is|ys)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 6) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 5 && !w.endsWith('eed')) w = undouble(w.slice(0, -2));
  return w;
}

function undouble(w: string): string {
  return /([bdfgklmnprt])\1$/.test(w) ? w.slice(0, -1) : w;
}

/** The raw words of a text (letters only, at least two), before stop words and stemming. */
export function words(text: string): string[] {
  return (
    fold(text)
      .replace(/\bt[\s-]?shirt/g, 'tshirt')
      .match(/[a-z]{2,}/g) ?? []
  );
}

/** One analysed term and the word it came from (for explanations). */
export interface Term {
  term: string;
  word: string;
}

/** Words of a text as index terms: variants mapped, stop words dropped, stemmed. */
export function analyse(text: string): Term[] {
  const out: Term[] = [];
  for (const word of words(text)) {
    const mapped = variant(word);
    if (STOP_WORDS.has(mapped)) continue;
    out.push({ term: stem(mapped), word });
  }
  return out;
}

export const terms = (text: string): string[] => analyse(text).map((t) => t.term);

/**
 * Tariff text as indexed: "whether or not" kept positive, negations dropped, so that
 * "Shirts (not knitted or crocheted)" does not match "knitted shirt".
 */
export function indexable(text: string): string {
  return text
    .replace(/\bwhether or not\b/gi, ' ')
    .replace(/\((?:not|other than|excluding|except)\b[^)]*\)/gi, ' ')
    .replace(/\b(?:not|other than|excluding|except|but not)\b[^;,()]*/gi, ' ');
}
