/**
 * Isotonic regression (pool adjacent violators): a non-decreasing map from a raw score to the
 * accuracy observed on the validation split. Stored as breakpoints; applied by linear
 * interpolation between block centres, so equal raw scores always get equal calibrated ones.
 */
export interface IsotonicMap {
  /** Raw score at each block centre, ascending. */
  x: number[];
  /** Observed accuracy of the block (0-1), non-decreasing. */
  y: number[];
}

export function fitIsotonic(points: readonly { x: number; correct: boolean }[]): IsotonicMap {
  const sorted = [...points].sort((a, b) => a.x - b.x);
  const blocks: { sumX: number; sumY: number; n: number }[] = [];
  for (const p of sorted) {
    blocks.push({ sumX: p.x, sumY: p.correct ? 1 : 0, n: 1 });
    for (;;) {
      const last = blocks[blocks.length - 1];
      const prev = blocks[blocks.length - 2];
      if (!last || !prev || prev.sumY / prev.n < last.sumY / last.n) break;
      prev.sumX += last.sumX;
      prev.sumY += last.sumY;
      prev.n += last.n;
      blocks.pop();
    }
  }
  return { x: blocks.map((b) => b.sumX / b.n), y: blocks.map((b) => b.sumY / b.n) };
}

export function applyIsotonic(map: IsotonicMap, x: number): number {
  const { x: xs, y: ys } = map;
  const n = xs.length;
  if (n === 0) return 0;
  if (x <= (xs[0] ?? 0)) return ys[0] ?? 0;
  if (x >= (xs[n - 1] ?? 0)) return ys[n - 1] ?? 0;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] ?? 0) <= x) lo = mid;
    else hi = mid;
  }
  const x0 = xs[lo] ?? 0;
  const x1 = xs[hi] ?? 0;
  const y0 = ys[lo] ?? 0;
  const y1 = ys[hi] ?? 0;
  return x1 > x0 ? y0 + ((y1 - y0) * (x - x0)) / (x1 - x0) : y1;
}
