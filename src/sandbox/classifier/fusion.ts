import type { LabelTree } from './labels.js';
import type { Prediction } from './model.js';

/**
 * Fusion of the learned model with the lexical (BM25F) retrieval, per subheading:
 * z = log P_model / temperature + lexicalWeight x (best BM25 of the subheading / best BM25 overall).
 * A softmax over z gives the fused subheading probabilities; heading ones are their sums.
 * Both parameters are chosen on the validation split (see train.ts).
 */
export interface FusionParams {
  temperature: number;
  lexicalWeight: number;
}

export interface Fused {
  subheading: Float64Array;
  heading: Float64Array;
}

export function fuse(tree: LabelTree, prediction: Prediction, lexical: Float64Array, params: FusionParams): Fused {
  const n = tree.subheadings.length;
  let lexMax = 0;
  for (let s = 0; s < n; s++) lexMax = Math.max(lexMax, lexical[s] ?? 0);
  const z = new Float64Array(n);
  let max = -Infinity;
  for (let s = 0; s < n; s++) {
    const v = (prediction.subheading[s] ?? -Infinity) / params.temperature + (lexMax > 0 ? (params.lexicalWeight * (lexical[s] ?? 0)) / lexMax : 0);
    z[s] = v;
    if (v > max) max = v;
  }
  let sum = 0;
  for (let s = 0; s < n; s++) {
    const e = Math.exp((z[s] ?? -Infinity) - max);
    z[s] = e;
    sum += e;
  }
  const heading = new Float64Array(tree.headings.length);
  for (let s = 0; s < n; s++) {
    const p = (z[s] ?? 0) / sum;
    z[s] = p;
    const h = tree.subheadingHeading[s] ?? 0;
    heading[h] = (heading[h] ?? 0) + p;
  }
  return { subheading: z, heading };
}
