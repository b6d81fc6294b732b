import type { Language } from './languages';

/**
 * The locale numbers, dates and names are written and read in: the active language's. Kept apart
 * from the translations so that formatting (src/lib/format.ts, number reading) needs no catalogs;
 * i18n.ts sets it whenever the language changes.
 */
let current: Language = 'en';
const listeners = new Set<() => void>();

export const activeLocale = (): Language => current;

export function setActiveLocale(locale: Language): void {
  if (locale === current) return;
  current = locale;
  for (const listener of listeners) listener();
}

/** Caches keyed by locale (country names, formatters) drop what they hold when it changes. */
export function onLocaleChange(listener: () => void): void {
  listeners.add(listener);
}
