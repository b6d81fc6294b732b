import type { Jurisdiction } from './scopes.js';

/**
 * Commodity code formats per jurisdiction (sandbox rule, docs/service-facts.md 5): digits only, spaces
 * and dots allowed as separators. EU CN 8 digits (10 for TARIC), UK 10 (8 accepted), US HTS 10
 * (8 accepted), CH 8.
 */
export const CODE_PATTERNS: Record<Jurisdiction, RegExp> = {
  EU: /^\d{8}(\d{2})?$/,
  UK: /^\d{8}(\d{2})?$/,
  US: /^\d{8}(\d{2})?$/,
  CH: /^\d{8}$/,
};
export const CODE_FORMAT_HINTS: Record<Jurisdiction, string> = {
  EU: '8 digits (CN) or 10 (TARIC)',
  UK: '10 digits (8 accepted)',
  US: '10 digits (HTS; 8 accepted)',
  CH: '8 digits',
};
export const normaliseCode = (code: string): string => code.replace(/[\s.]/g, '');
export const isCodeValidFor = (jurisdiction: Jurisdiction, code: string): boolean => CODE_PATTERNS[jurisdiction].test(normaliseCode(code));
