import i18next, { type CustomTypeOptions } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { ENGLISH_COMMON } from './bundled-english';
import { setActiveLocale } from './active-locale';
import { catalogBackend } from './catalog-backend';
import { intlLocaleOf, isConsoleLanguage, LANGUAGES, PSEUDO_LANGUAGE, type ConsoleLanguage, type Language } from './languages';

/**
 * The console's one i18next instance: ICU messages (plurals, select, interpolation), catalogs per
 * language and namespace loaded on first use, one namespace per feature plus `common`. Components
 * read it with react-i18next's useTranslation('<feature>'); code outside React with `i18n.t`.
 */
export const i18n = i18next.createInstance();

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
}

/** Starts i18next in `language` with `common` loaded; later calls only switch language. */
export async function startI18n(language: ConsoleLanguage): Promise<void> {
  if (i18n.isInitialized) return changeLanguage(language);
  i18n.on('languageChanged', (lng) => {
    if (isConsoleLanguage(lng)) showLanguage(lng);
  });
  await Promise.all([
    i18n
      .use(new ICU())
      .use(catalogBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        // Every catalog has every key (a unit test says so): no language downloads another as a fallback.
        fallbackLng: false,
        supportedLngs: [...LANGUAGES, PSEUDO_LANGUAGE],
        load: 'currentOnly',
        ns: ['common'],
        defaultNS: 'common',
        resources: { en: { common: ENGLISH_COMMON } },
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
        react: { useSuspense: true },
      }),
    followZod(intlLocaleOf(language)),
  ]);
  showLanguage(language);
}

/**
 * Switches language in place: every namespace already in use is loaded in the new language first
 * and only then shown, so nothing suspends, no page reloads and forms keep what was typed.
 */
export async function changeLanguage(language: ConsoleLanguage): Promise<void> {
  if (language === i18n.language) return;
  await Promise.all([i18n.changeLanguage(language), followZod(intlLocaleOf(language))]);
}

/** Namespace names: the catalogs' file names (one per feature, plus `common`). */
export type Namespace = keyof CustomTypeOptions['resources'];

/**
 * Loads a page's namespaces in the active language before it renders (a route's beforeLoad calls it),
 * so that the page does not suspend on its first frame. Already loaded namespaces cost nothing.
 */
export const loadNamespaces = (...namespaces: Namespace[]): Promise<void> => i18n.loadNamespaces(namespaces);
