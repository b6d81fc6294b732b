import type { DeclarationError } from '../../../../contract/declarations';

/** A declaration's errors in a table cell: the count and the first code ("3 · V101"), and every code on hover. */
export function errorsSummary(errors: readonly DeclarationError[]): { text: string; title: string } {
  const first = errors[0];
  if (!first) return { text: 'Has errors', title: 'Has errors: open it to see them' };
  const codes = [...new Set(errors.map((e) => e.errorCode))];
  return {
    text: `${errors.length} · ${first.errorCode}`,
    title: `${errors.length} ${errors.length === 1 ? 'error' : 'errors'}: ${codes.join(', ')}. First: ${first.message}`,
  };
}
