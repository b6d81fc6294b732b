import { use, useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import type { Namespace, RichFunction, TFunction } from './message-keys';
import { catalogLoad, fixedRich, fixedT, isReady, subscribeTranslations, translationState } from './translations';

interface Translation<N extends Namespace> {
  t: TFunction<N>;
  /** A message whose tags the component renders (bold, code): see fixedRich. */
  rich: RichFunction<N>;
  i18n: typeof i18n;
  /** False while the catalog downloads (only with `useSuspense: false`: otherwise the component suspends). */
  ready: boolean;
}

/**
 * A component's messages in one namespace (`common` without one), in the active language: it
 * suspends until the namespace's catalog is there (routes load it before, so usually it is), unless
 * `useSuspense: false`, and renders again when the language changes.
 */
export function useTranslation(): Translation<'common'>;
export function useTranslation<N extends Namespace>(namespace: N, options?: { useSuspense?: boolean }): Translation<N>;
export function useTranslation(namespace: Namespace = 'common', options?: { useSuspense?: boolean }): Translation<Namespace> {
  const { language } = useSyncExternalStore(subscribeTranslations, translationState, translationState);
  const load = catalogLoad(language, namespace);
  // At every render, loaded or not (`useSuspense` does not change for a component): `use` returns at once once it is loaded.
  if (options?.useSuspense !== false) use(load);
  const t = useMemo(() => fixedT(language, namespace), [language, namespace]);
  const rich = useMemo(() => fixedRich(language, namespace), [language, namespace]);
  return { t, rich, i18n, ready: isReady(load) };
}
