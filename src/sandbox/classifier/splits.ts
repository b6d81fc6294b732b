/**
 * Frozen data splits, by hash of the normalised text, for every reference source (goods terms
 * and parcel descriptions alike): 20 % hold-out (measured, never trained or tuned on), 20 %
 * validation (fusion weights, calibration and thresholds are tuned on it), 60 % training.
 * Normalising first (case, punctuation, spacing) keeps trivial variants of one text together.
 */
export type Split = 'holdout' | 'validation' | 'train';

/** FNV-1a, 32 bits. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const splitKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export function splitOf(text: string): Split {
  const bucket = fnv1a(splitKey(text)) % 5;
  return bucket === 0 ? 'holdout' : bucket === 1 ? 'validation' : 'train';
}

/** Texts the measured model and index may learn from: the training split only. */
export const isTrainingText = (text: string): boolean => splitOf(text) === 'train';
