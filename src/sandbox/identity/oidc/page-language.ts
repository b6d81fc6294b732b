import { acceptedLanguage, languageOfTag } from '../../../contract/accept-language.js';
import type { Language } from '../../../contract/user-preferences.js';

/**
 * The language of the issuer's sign-in page: the console's own (OpenID Connect `ui_locales`, in
 * order of preference), else the browser's (Accept-Language, by weight), else English.
 */
export function pageLanguage(uiLocales: unknown, acceptLanguage: string | undefined): Language {
  if (typeof uiLocales === 'string')
    for (const tag of uiLocales.split(/\s+/)) {
      const language = languageOfTag(tag);
      if (language) return language;
    }
  return acceptedLanguage(acceptLanguage) ?? 'en';
}
