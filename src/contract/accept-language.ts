import { LANGUAGES, type Language } from './user-preferences.js';

const isLanguage = (tag: string): tag is Language => (LANGUAGES as readonly string[]).includes(tag);

/** The console's language a language tag names (`nl-BE` → `nl`), if it speaks it. */
export function languageOfTag(tag: string): Language | undefined {
  const base = tag.trim().toLowerCase().split('-')[0] ?? '';
  return isLanguage(base) ? base : undefined;
}

/**
 * The console's language an Accept-Language header prefers: the highest weight (the first of
 * equal weights) among the languages it speaks; undefined when it names none of them.
 */
export function acceptedLanguage(acceptLanguage: string | undefined): Language | undefined {
  const weighted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: languageOfTag(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.q > 0 && t.language !== undefined)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return weighted[0]?.language;
}
