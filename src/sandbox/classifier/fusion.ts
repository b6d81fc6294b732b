import type { LabelTree } from './labels.js';
import type { Prediction } from './model.js';
import { STATE_CONFLICT_PENALTY } from './states.js';

/**
 * Fusion of the learned model with the lexical (BM25F) retrieval, per subheading:
 * z = log P_model / temperature + lexicalWeight x (best BM25 of the subheading / best BM25 overall)
 *     + neighbourWeight x (best similarity of a remembered reference text of the subheading)
 *     + headNounWeight x (the subheading's texts contain the head noun)
 *     + priorWeight x (the subheading's share of reference texts, 0-1, priors.ts)
 *     - a fixed penalty when the subheading names only other states of the goods (states.ts);
 *       such a subheading's neighbour and prior terms do not count either: the goods terms they
 *       come from rarely repeat the state ("shrimps" for fresh ones), so they cannot speak for it.
 * A softmax over z gives the fused subheading probabilities; heading ones are their sums.
 * The weights are chosen on the validation split (see train.ts).
 */
export interface FusionParams {
  temperature: number;
  lexicalWeight: number;
  /** Weight of the best neighbour similarity (0-1) of the subheading (neighbours.ts). */
  neighbourWeight: number;
  /** Bonus of a subheading whose texts contain the description's head noun (head-noun.ts). */
  headNounWeight: number;
  /** Weight of the class prior (priors.ts); at most half of lexicalWeight. */
  priorWeight: number;
}

/** Per-subheading evidence besides the model: BM25F, neighbours, head noun (0/1), state conflict (0/1), class prior (0-1). */
export interface Evidence {
  lexical: Float64Array;
  neighbours: Float64Array;
  headNoun: Float64Array;
  conflicts: Float64Array;
  prior: Float64Array;
}

export interface Fused {
  subheading: Float64Array;
  heading: Float64Array;
}

export function fuse(
  tree: LabelTree,
  prediction: Prediction,
  { lexical, neighbours, headNoun, conflicts, prior }: Evidence,
  params: FusionParams,
): Fused {
  const n = tree.subheadings.length;
  let lexMax = 0;
  for (let s = 0; s < n; s++) lexMax = Math.max(lexMax, lexical[s] ?? 0);
  const z = new Float64Array(n);
  let max = -Infinity;
  for (let s = 0; s < n; s++) {
    const conflict = conflicts[s] ?? 0;
    const v =
      (prediction.subheading[s] ?? -Infinity) / params.temperature +
      (lexMax > 0 ? (params.lexicalWeight * (lexical[s] ?? 0)) / lexMax : 0) +
      (1 - conflict) * (params.neighbourWeight * (neighbours[s] ?? 0) + params.priorWeight * (prior[s] ?? 0)) +
      params.headNounWeight * (headNoun[s] ?? 0) -
      STATE_CONFLICT_PENALTY * conflict;
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
