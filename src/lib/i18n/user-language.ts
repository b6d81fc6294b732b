import type { DraftStorage } from '../draft-storage';
import { isLanguage, preferredLanguage, type ConsoleLanguage, type Language } from './languages';

/** Where the user's chosen language is kept: in the user's own storage namespace (the console session's). */
const KEY = 'language';

/** The language this user chose in the header, if they did. */
export function storedLanguage(storage: DraftStorage): Language | undefined {
  const value = storage.getItem(KEY);
  return isLanguage(value) ? value : undefined;
}

export function storeLanguage(storage: DraftStorage, language: Language): void {
  storage.setItem(KEY, language);
}

/** Before anyone signs in: the browser's preferences (navigator.languages), English outside a browser. */
export function browserLanguage(): ConsoleLanguage {
  if (typeof navigator === 'undefined') return 'en';
  return preferredLanguage(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}
