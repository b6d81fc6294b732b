import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { defineSessionStore } from '../../../../lib/session/console-session';
import { useConsoleSession } from '../../../../lib/session/session-context';

/**
 * Readers of the user's storage in this session: a write in this tab notifies them (other tabs
 * through the storage event). Owned by the session, so nothing outlives its user.
 */
const storageListeners = defineSessionStore(() => {
  const listeners = new Set<() => void>();
  return {
    store: {
      subscribe: (listener: () => void): (() => void) => {
        listeners.add(listener);
        window.addEventListener('storage', listener);
        return () => {
          listeners.delete(listener);
          window.removeEventListener('storage', listener);
        };
      },
      notify: () => {
        for (const listener of [...listeners]) listener();
      },
    },
    dispose: () => listeners.clear(),
  };
});

/**
 * A value kept in the user's storage under `key`, read through `parse` (stored data is untrusted:
 * an older console or another tab may have written it). `parse` must be stable (a module-level function).
 */
export function useUserStorage<T>(key: string, parse: (raw: string | null) => T): [T, (next: T) => void] {
  const session = useConsoleSession();
  const { subscribe, notify } = storageListeners(session);
  const { storage } = session;
  const raw = useSyncExternalStore(subscribe, () => {
    try {
      return storage.getItem(key);
    } catch {
      return null; // storage disabled: behave as if nothing was saved
    }
  });
  // `parse` is a module-level function: the value changes only when the stored text does.
  const value = useMemo(() => parse(raw), [raw, parse]);
  const save = useCallback(
    (next: T) => {
      try {
        storage.setItem(key, JSON.stringify(next));
      } catch {
        /* quota or disabled storage: the preference just is not remembered */
      }
      notify();
    },
    [key, storage, notify],
  );
  return [value, save];
}
