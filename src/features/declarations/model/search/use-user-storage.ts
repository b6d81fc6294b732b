import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * A value kept in localStorage under a per-user key, read through `parse` (stored data is
 * untrusted: an older console or another tab may have written it). Tabs stay in step through
 * the storage event; writes in this tab notify its other readers.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled: behave as if nothing was saved
  }
}

/** `parse` must be stable (a module-level function). */
export function useUserStorage<T>(key: string, parse: (raw: string | null) => T): [T, (next: T) => void] {
  const raw = useSyncExternalStore(subscribe, () => read(key));
  // `parse` is a module-level function: the value changes only when the stored text does.
  const value = useMemo(() => parse(raw), [raw, parse]);
  const save = useCallback(
    (next: T) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        /* quota or disabled storage: the preference just is not remembered */
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [value, save];
}
