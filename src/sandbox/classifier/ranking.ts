import type { LabelTree } from './labels.js';

/** Options taken from one heading at most, so alternatives show other readings of the goods. */
export const PER_HEADING = 2;

/** Indices of the `k` largest values, largest first (a partial sort: 5,600 subheadings per query). */
export function topIndices(values: Float64Array, k: number): number[] {
  const out: number[] = [];
  const at = (j: number): number => values[out[j] ?? 0] ?? 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? 0;
    if (out.length === k && v <= at(k - 1)) continue;
    let j = out.length;
    while (j > 0 && at(j - 1) < v) j--;
    out.splice(j, 0, i);
    if (out.length > k) out.pop();
  }
  return out;
}

/**
 * Subheadings in the order options are listed: by fused probability, at most `perHeading` per
 * heading, skipping those `usable` rejects (no line in the jurisdiction's nomenclature).
 */
export function rankSubheadings(
  tree: LabelTree,
  probabilities: Float64Array,
  limit = 5,
  perHeading = PER_HEADING,
  usable: (sub: number) => boolean = () => true,
): number[] {
  const used = new Map<number, number>();
  const out: number[] = [];
  for (const s of topIndices(probabilities, 60)) {
    const h = tree.subheadingHeading[s] ?? 0;
    if ((used.get(h) ?? 0) >= perHeading || !usable(s)) continue;
    used.set(h, (used.get(h) ?? 0) + 1);
    out.push(s);
    if (out.length >= limit) break;
  }
  return out;
}
