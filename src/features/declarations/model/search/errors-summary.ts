import type { TFunction } from '../../../../lib/i18n/message-keys';
import type { DeclarationError } from '../../../../contract/declarations';

/** A declaration's errors in a table cell: the count and the first code ("3 · V101"), and every code on hover (the service's messages as it writes them). */
export function errorsSummary(errors: readonly DeclarationError[], t: TFunction<'declarations'>): { text: string; title: string } {
  const first = errors[0];
  if (!first) return { text: t('cells.hasErrors'), title: t('cells.hasErrorsTitle') };
  const codes = [...new Set(errors.map((e) => e.errorCode))];
  return {
    text: `${errors.length} · ${first.errorCode}`,
    title: t('cells.errorsTitle', { count: errors.length, codes: codes.join(', '), message: first.message }),
  };
}
