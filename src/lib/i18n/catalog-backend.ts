import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import { ENGLISH_COMMON } from './bundled-english';
import { isLanguage, PSEUDO_LANGUAGE } from './languages';
import type { Catalog } from '../../contract/catalog-messages';
import { pseudoCatalog } from './pseudo-locale';

/**
 * Catalogs are JSON files per language and namespace (locales/<language>/<namespace>.json). Vite
 * makes each one its own chunk, fetched when a page first uses its namespace in that language: a
 * language costs only what its pages use. English `common` is part of the entry (bundled-english.ts).
 */
const CATALOGS = import.meta.glob<{ default: Catalog }>(['./locales/*/*.json', '!./locales/en/common.json']);

async function englishOrLanguage(language: string, namespace: string): Promise<Catalog> {
  if (!isLanguage(language)) throw new Error(`The console has no catalogs in ${language}`);
  if (language === 'en' && namespace === 'common') return ENGLISH_COMMON;
  const load = CATALOGS[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`The console has no catalog ${namespace} in ${language}`);
  return (await load()).default;
}

/** One namespace's messages in a language; the pseudo-locale is made from English when it is asked for, never shipped. */
export async function loadCatalog(language: string, namespace: string): Promise<ResourceKey> {
  return language === PSEUDO_LANGUAGE ? pseudoCatalog(await englishOrLanguage('en', namespace)) : englishOrLanguage(language, namespace);
}

export const catalogBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    loadCatalog(language, namespace).then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
