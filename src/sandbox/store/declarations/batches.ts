/** Splits rows for multi-row inserts, keeping each statement under both engines' bound-parameter limits. */
export function inBatches<T>(rows: readonly T[], columnsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(10_000 / columnsPerRow));
  const batches: T[][] = [];
  for (let i = 0; i < rows.length; i += size) batches.push(rows.slice(i, i + size));
  return batches;
}
