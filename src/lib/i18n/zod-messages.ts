import { z } from 'zod';
import type { Language } from './languages';

/**
 * zod's own messages (the ones a schema does not set) in each language; English is zod's default
 * (bundled with zod itself). Only forms show them, and the first screen has none: the locale is
 * fetched once the console asks for it (the first time a field takes focus), then follows the language.
 */
const ZOD_LOCALES: Record<Language, () => Promise<{ default: () => { localeError: z.core.$ZodErrorMap } }>> = {
  en: () => Promise.resolve({ default: z.locales.en }),
  nl: () => import('zod/v4/locales/nl.js'),
  fr: () => import('zod/v4/locales/fr.js'),
  de: () => import('zod/v4/locales/de.js'),
};

let wanted = false;
let wantedLanguage: Language = 'en';
let zodLanguage: Language = 'en';

async function follow(language: Language): Promise<void> {
  wantedLanguage = language;
  if (!wanted || language === zodLanguage) return;
  const locale = (await ZOD_LOCALES[language]()).default();
  // A later language change may have overtaken this download.
  if (language !== wantedLanguage) return;
  zodLanguage = language;
  z.config(locale);
}

/** The language zod's messages should be in (i18n.ts calls it on every change); loaded only once they are wanted. */
export const zodMessagesIn = (language: Language): Promise<void> => follow(language);

/** zod's messages are wanted from now on, in the language last set. */
export function followZodMessages(): Promise<void> {
  wanted = true;
  return follow(wantedLanguage);
}

/** The first field that takes focus asks for zod's messages: before anyone can type, let alone submit. */
export function followZodMessagesOnFirstField(target: Pick<Document, 'addEventListener' | 'removeEventListener'>): void {
  const onFocus = (event: Event) => {
    if (!(
      event.target instanceof HTMLInputElement ||
      event.target instanceof HTMLTextAreaElement ||
      event.target instanceof HTMLSelectElement
    ))
      return;
    target.removeEventListener('focusin', onFocus);
    void followZodMessages();
  };
  target.addEventListener('focusin', onFocus);
}
