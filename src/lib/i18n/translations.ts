import { IntlMessageFormat } from 'intl-messageformat';
import { Children, type FulfilledReactPromise, type ReactNode } from 'react';
import { loadCatalog } from './catalog-loader';
import type { CompiledCatalog } from './compiled-catalog';
import { intlLocaleOf, type ConsoleLanguage } from './languages';
import type { MessageValues, Namespace, RichFunction, RichTags, TFunction, TOptions } from './message-keys';

/**
 * The console's translations: the active language (with subscribers, for useSyncExternalStore),
 * the catalogs loaded so far per (language, namespace), and one formatter per message.
 */
type Slot = `${ConsoleLanguage}/${Namespace}`;
const slot = (language: ConsoleLanguage, namespace: Namespace): Slot => `${language}/${namespace}`;

const catalogs = new Map<Slot, CompiledCatalog>();
/**
 * A catalog's download while it runs, then a promise marked fulfilled the way React's `use` reads
 * one: a component calls `use` on it at every render (never only while it loads, which React
 * forbids), and once the catalog is there `use` returns at once instead of suspending.
 */
type CatalogLoad = Promise<void> | FulfilledReactPromise<void>;
const LOADED: FulfilledReactPromise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
/** One download per (language, namespace), however many components ask at once. */
const loading = new Map<Slot, CatalogLoad>();
const formatters = new Map<string, IntlMessageFormat>();
/** The namespaces the console has used: a language change loads them all before it switches. */
const inUse = new Set<Namespace>(['common']);

/** Replaced (never mutated) when the language changes or a catalog arrives: the snapshot React compares. */
let state: { readonly language: ConsoleLanguage } = { language: 'en' };
const listeners = new Set<() => void>();
const notify = () => {
  state = { ...state };
  for (const listener of listeners) listener();
};

export const translationState = () => state;
export const activeLanguage = (): ConsoleLanguage => state.language;

export function subscribeTranslations(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isLoaded = (language: ConsoleLanguage, namespace: Namespace): boolean => catalogs.has(slot(language, namespace));

/** The (shared) download of a catalog, LOADED once it is there; a failed one is tried again on the next call. */
export function catalogLoad(language: ConsoleLanguage, namespace: Namespace): CatalogLoad {
  inUse.add(namespace);
  const key = slot(language, namespace);
  let load = loading.get(key);
  if (!load) {
    load = loadCatalog(language, namespace).then(
      (catalog) => {
        catalogs.set(key, catalog);
        loading.set(key, LOADED);
        notify();
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, load);
  }
  return load;
}

export const isReady = (load: CatalogLoad): boolean => load === LOADED;

export const loadCatalogs = (language: ConsoleLanguage, namespaces: Iterable<Namespace>): Promise<unknown> =>
  Promise.all([...namespaces].map((namespace) => catalogLoad(language, namespace)));

/** Every namespace in use, in `language`: what a language change waits for. */
export const loadInUse = (language: ConsoleLanguage): Promise<unknown> => loadCatalogs(language, inUse);

export function setActiveLanguage(language: ConsoleLanguage): void {
  if (language === state.language) return;
  state = { language };
  for (const listener of listeners) listener();
}

function formatter(language: ConsoleLanguage, namespace: Namespace, key: string): IntlMessageFormat | string | undefined {
  const message = catalogs.get(slot(language, namespace))?.[key];
  if (message === undefined || typeof message === 'string') return message;
  const id = `${language}/${namespace}/${key}`;
  let compiled = formatters.get(id);
  if (!compiled) {
    compiled = new IntlMessageFormat(message, intlLocaleOf(language));
    formatters.set(id, compiled);
  }
  return compiled;
}

/** A message; a missing one shows its key (as the journeys' "no catalog key shown" check expects), or the default value given. */
function translate(language: ConsoleLanguage, namespace: Namespace, key: string, options?: TOptions & { ns?: Namespace }): string {
  const found = formatter(language, options?.ns ?? namespace, key);
  if (found === undefined) return options?.defaultValue ?? key;
  if (typeof found === 'string') return found;
  const text = found.format<never>(options);
  return Array.isArray(text) ? text.join('') : text;
}

/** `t` for a namespace in a language; with no language, the active one at each call. */
export function fixedT<N extends Namespace>(language: ConsoleLanguage | null, namespace: N): TFunction<N> {
  function t(key: string, options?: TOptions & { ns?: Namespace }): string {
    return translate(language ?? state.language, namespace, key, options);
  }
  return t;
}

/**
 * `rich` for a namespace in a language: a message whose tags (`<b>{name}</b>`) the component renders
 * (`{ b: (chunks) => <strong>{chunks}</strong> }`), so translators move the emphasis with the words.
 */
export function fixedRich<N extends Namespace>(language: ConsoleLanguage, namespace: N): RichFunction<N> {
  return (key: string, values: MessageValues, tags: RichTags): ReactNode => {
    const found = formatter(language, namespace, key);
    if (found === undefined) return key;
    if (typeof found === 'string') return found;
    const parts = found.format<ReactNode>({ ...values, ...tags });
    // Keys for the elements among the parts, as React wants them in a list.
    return Array.isArray(parts) ? Children.toArray(parts) : parts;
  };
}
