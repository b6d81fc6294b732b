import { useState, useSyncExternalStore } from 'react';

/**
 * The one row of a virtualised table in the tab order (roving tabindex), held outside React state:
 * a move re-renders the two rows whose tab stop changes, not the table and every row it maps.
 */
export interface ActiveRow {
  get: () => number;
  set: (index: number) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createActiveRow(initial = 0): ActiveRow {
  let active = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => active,
    set: (index) => {
      if (index === active) return;
      active = index;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The table's own store, made once. */
export const useActiveRowStore = (): ActiveRow => useState(() => createActiveRow())[0];

/** The row of `count` holding the tab stop: the active one, or the last after items went away. */
export const activeIndexIn = (store: ActiveRow, count: number): number => Math.max(0, Math.min(store.get(), count - 1));

/** Re-renders the calling row only when its own tab stop changes. */
export const useIsActiveRow = (store: ActiveRow, index: number, count: number): boolean =>
  useSyncExternalStore(store.subscribe, () => activeIndexIn(store, count) === index);
