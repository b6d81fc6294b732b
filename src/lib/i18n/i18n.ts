import { z } from 'zod';
import { setActiveLocale } from './active-locale';
import { intlLocaleOf, type ConsoleLanguage, type Language } from './languages';
import type { Namespace, TFunction } from './message-keys';
import { activeLanguage, fixedT, isLoaded, loadCatalogs, loadInUse, setActiveLanguage } from './translations';

/**
 * The console's translations: ICU messages (plurals, select, interpolation) compiled at build time
 * and formatted by intl-messageformat; catalogs per language and namespace loaded on first use, one
 * namespace per feature plus `common`. Components read them with useTranslation('<feature>')
 * (use-translation.ts); code outside React with `i18n.getFixedT`.
 */
export type { Namespace };

/** zod's own messages (the ones a schema does not set) in each language; English is zod's default (bundled with zod itself). */
const ZOD_LOCALES: Record<Language, () => Promise<{ default: () => { localeError: z.core.$ZodErrorMap } }>> = {
  en: () => Promise.resolve({ default: z.locales.en }),
  nl: () => import('zod/v4/locales/nl.js'),
  fr: () => import('zod/v4/locales/fr.js'),
  de: () => import('zod/v4/locales/de.js'),
};

let zodLanguage: Language = 'en';
async function followZod(language: Language): Promise<void> {
  if (language === zodLanguage) return;
  const locale = (await ZOD_LOCALES[language]()).default();
  zodLanguage = language;
  z.config(locale);
}

/** `<html lang>` (screen readers, hyphenation) and the locale of formatting follow the language. */
function showLanguage(language: ConsoleLanguage): void {
  setActiveLocale(intlLocaleOf(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  setActiveLanguage(language);
}

/** Starts the console in `language` with `common` loaded; later calls only switch language. */
export const startI18n = (language: ConsoleLanguage): Promise<void> => changeLanguage(language, true);

/**
 * Switches language in place: every namespace already in use is loaded in the new language first
 * and only then shown, so nothing suspends, no page reloads and forms keep what was typed.
 */
export async function changeLanguage(language: ConsoleLanguage, force = false): Promise<void> {
  if (language === activeLanguage() && !force) return;
  await Promise.all([loadInUse(language), followZod(intlLocaleOf(language))]);
  showLanguage(language);
}

/**
 * Loads a page's namespaces in the active language before it renders (a route's beforeLoad calls it),
 * so that the page does not suspend on its first frame. Already loaded namespaces cost nothing.
 */
export async function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  await loadCatalogs(activeLanguage(), namespaces);
}

/** The translations as code outside components reads them (and `useTranslation().i18n`). */
export const i18n = {
  /** The active language (the pseudo-locale included). */
  get language(): ConsoleLanguage {
    return activeLanguage();
  },
  /** A `common` message, or another namespace's with `ns`, in the active language. */
  t: fixedT(null, 'common'),
  /** `t` for a namespace in a language (null: the active language at each call). */
  getFixedT: <N extends Namespace>(language: ConsoleLanguage | null, namespace: N): TFunction<N> => fixedT(language, namespace),
  /** Every namespace in use, loaded in these languages too (for getFixedT in several languages). */
  loadLanguages: async (...languages: ConsoleLanguage[]): Promise<void> => {
    await Promise.all(languages.map(loadInUse));
  },
  hasResourceBundle: (language: ConsoleLanguage, namespace: Namespace): boolean => isLoaded(language, namespace),
};
