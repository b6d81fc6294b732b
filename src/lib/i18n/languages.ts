import { LANGUAGES, type Language } from '../../contract/user-preferences';

/**
 * The console's languages (their list is the contract's). The menu names each one in its own
 * language, so a clerk finds theirs whatever the page is shown in. `en-XA` is the pseudo-locale
 * (accented, longer English) that the truncation journey uses: it is never offered in the menu.
 */
export { LANGUAGES, type Language };

export const PSEUDO_LANGUAGE = 'en-XA';
export type ConsoleLanguage = Language | typeof PSEUDO_LANGUAGE;

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', nl: 'Nederlands', fr: 'Français', de: 'Deutsch' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of the browser's preferred languages the console speaks ("nl-BE" → nl, "fr-CH" → fr);
 * English when none is. The pseudo-locale is taken only when asked for by its exact tag.
 */
export function preferredLanguage(preferences: readonly string[]): ConsoleLanguage {
  for (const tag of preferences) {
    if (tag === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The Intl locale a console language formats with: the pseudo-locale writes numbers and dates as English does. */
export const intlLocaleOf = (language: ConsoleLanguage): Language => (language === PSEUDO_LANGUAGE ? 'en' : language);

/** The menu's language for a console language tag: the pseudo-locale (and anything unknown) counts as English. */
export const activeLanguageOf = (tag: string): Language => (isLanguage(tag) ? tag : 'en');
