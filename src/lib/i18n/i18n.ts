import { setActiveLocale } from './active-locale';
import { intlLocaleOf, type ConsoleLanguage } from './languages';
import type { Namespace, TFunction } from './message-keys';
import { zodMessagesIn } from './zod-messages';
import { activeLanguage, fixedT, isLoaded, loadCatalogs, loadInUse, setActiveLanguage } from './translations';

/**
 * The console's translations: ICU messages (plurals, select, interpolation) compiled at build time
 * and formatted by intl-messageformat; catalogs per language and namespace loaded on first use, one
 * namespace per feature plus `common`. Components read them with useTranslation('<feature>')
 * (use-translation.ts); code outside React with `i18n.getFixedT`.
 */
export type { Namespace };

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
  await Promise.all([loadInUse(language), zodMessagesIn(intlLocaleOf(language))]);
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
