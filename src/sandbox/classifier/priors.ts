import type { ClassifierIndex } from './index-build.js';
import type { LabelTree } from './labels.js';

/**
 * A class prior per subheading from the reference texts an index holds (goods terms and parcel
 * descriptions): log(1 + references) / log(1 + the most any subheading has), so 0 to 1. Goods
 * that traders often declare get a small head start; the fusion weight of this prior is chosen
 * on the validation split and kept at most half the lexical weight, so it can tip a close call
 * but never outvote a clear word-for-word match (fusion.ts).
 */
export function referencePrior(index: ClassifierIndex, tree: LabelTree): Float64Array {
  const counts = new Float64Array(tree.subheadings.length);
  for (const doc of index.docs) {
    const s = tree.subheadingIndex.get(doc.hs6);
    if (s !== undefined) counts[s] = (counts[s] ?? 0) + doc.refTerms.length + doc.extraTerms.length;
  }
  let max = 0;
  for (const c of counts) max = Math.max(max, c);
  const scale = max > 0 ? 1 / Math.log1p(max) : 0;
  return counts.map((c) => Math.log1p(c) * scale);
}
