import { fold, stem, variant } from '../../server-kit/nomenclature/text.js';
import { fnv1a } from './splits.js';

/**
 * fastText-style input features of a text, hashed into a fixed number of buckets: stemmed words,
 * word bigrams, character 3- to 5-grams of each word with boundary marks (they rescue misspellings,
 * truncated parcel text and unseen inflections) and the consonant skeleton of each word
 * ("prfctr" matches "perfector": parcel descriptions often drop vowels).
 */
const FEATURE_STOP_WORDS = new Set(
  'a an the of or and for with in on to by from as at into not no nes other be is are its it than that this these those whether kind used x pcs pc'.split(
    ' ',
  ),
);

export function featureWords(text: string): string[] {
  const raw =
    fold(text)
      .replace(/\bt[\s-]?shirt/g, 'tshirt')
      .match(/[a-z]{2,}/g) ?? [];
  return raw.map(variant).filter((w) => !FEATURE_STOP_WORDS.has(w));
}

const skeleton = (w: string): string => w[0] + w.slice(1).replace(/[aeiou]/g, '');

export function featureIds(text: string, buckets: number): number[] {
  const out: number[] = [];
  const push = (s: string): void => {
    out.push(fnv1a(s) % buckets);
  };
  const ws = featureWords(text);
  const stems = ws.map(stem);
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i] ?? '';
    const s = stems[i] ?? '';
    push(`w:${s}`);
    if (i > 0) push(`b:${stems[i - 1] ?? ''}_${s}`);
    if (w.length >= 4) push(`k:${skeleton(s)}`);
    const padded = `<${w}>`;
    for (let n = 3; n <= 5; n++) for (let j = 0; j + n <= padded.length; j++) push(padded.slice(j, j + n));
  }
  return out;
}
