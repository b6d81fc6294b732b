import type { ClassificationOption } from './run-types';

/** Options best first (the service sorts them already; a later release might not). */
export const byScore = (options: readonly ClassificationOption[]): ClassificationOption[] => [...options].sort((a, b) => b.score - a.score);

/** A 0–10 score as a percentage for the bar, clamped. */
export const scorePercent = (score: number): number => Math.max(0, Math.min(100, score * 10));
