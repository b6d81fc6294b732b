import { normaliseCode, type ClassificationOption, type Jurisdiction } from './run-types';

/**
 * A commodity code as each jurisdiction's tariff prints it: EU and UK in spaced groups
 * (4202 21 90 00), US HTS dotted (8471.30.01.00), CH tariff numbers as 4202.2190.
 * Anything not made of 8 or 10 digits is shown as given.
 */
export function formatCode(jurisdiction: Jurisdiction | undefined, code: string): string {
  const digits = normaliseCode(code);
  if (!/^\d{8}(\d{2})?$/.test(digits)) return code;
  const groups = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), digits.slice(8)].filter(Boolean);
  switch (jurisdiction) {
    case 'US':
      return groups.join('.');
    case 'CH':
      return `${digits.slice(0, 4)}.${digits.slice(4)}`;
    default:
      return groups.join(' ');
  }
}

/** Options best first (the service sorts them already; a later release might not). */
export const byScore = (options: readonly ClassificationOption[]): ClassificationOption[] => [...options].sort((a, b) => b.score - a.score);

/** A 0–10 score as a percentage for the bar, clamped. */
export const scorePercent = (score: number): number => Math.max(0, Math.min(100, score * 10));
