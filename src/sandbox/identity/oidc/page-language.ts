import { LANGUAGES, type Language } from '../../../contract/user-preferences.js';

const isLanguage = (tag: string): tag is Language => (LANGUAGES as readonly string[]).includes(tag);
const baseOf = (tag: string): string => tag.trim().toLowerCase().split('-')[0] ?? '';

/**
 * The language of the issuer's sign-in page: the console's own (OpenID Connect `ui_locales`, in
 * order of preference), else the browser's (Accept-Language, by weight), else English.
 */
export function pageLanguage(uiLocales: unknown, acceptLanguage: string | undefined): Language {
  if (typeof uiLocales === 'string')
    for (const tag of uiLocales.split(/\s+/)) {
      const base = baseOf(tag);
      if (isLanguage(base)) return base;
    }
  const weighted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: baseOf(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.q > 0 && isLanguage(t.base))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = weighted[0]?.base;
  return first !== undefined && isLanguage(first) ? first : 'en';
}
