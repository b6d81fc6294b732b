import type { CompiledCatalog } from './compiled-catalog';
import { isLanguage, PSEUDO_LANGUAGE, type ConsoleLanguage } from './languages';
import type { Namespace } from './message-keys';
import { pseudoCatalog } from './pseudo-locale';

/**
 * Catalogs are JSON files per language and namespace (locales/<language>/<namespace>.json), compiled
 * at build time (`?compiled`). Vite makes each one its own chunk, fetched when a page first uses its
 * namespace in that language: a language costs only what its pages use. English `common` is part
 * of the entry: the first screen never waits for it, and it is the fallback when a download fails.
 */
const CATALOGS = import.meta.glob<CompiledCatalog>(['./locales/*/*.json', '!./locales/en/common.json'], {
  query: '?compiled',
  import: 'default',
});
const ENGLISH_COMMON = Object.values(
  import.meta.glob<CompiledCatalog>('./locales/en/common.json', { query: '?compiled', import: 'default', eager: true }),
)[0];

async function englishOrLanguage(language: string, namespace: Namespace): Promise<CompiledCatalog> {
  if (!isLanguage(language)) throw new Error(`The console has no catalogs in ${language}`);
  if (language === 'en' && namespace === 'common' && ENGLISH_COMMON) return ENGLISH_COMMON;
  const load = CATALOGS[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`The console has no catalog ${namespace} in ${language}`);
  return load();
}

/** One namespace's messages in a language; the pseudo-locale is made from English when it is asked for, never shipped. */
export async function loadCatalog(language: ConsoleLanguage, namespace: Namespace): Promise<CompiledCatalog> {
  return language === PSEUDO_LANGUAGE ? pseudoCatalog(await englishOrLanguage('en', namespace)) : englishOrLanguage(language, namespace);
}
