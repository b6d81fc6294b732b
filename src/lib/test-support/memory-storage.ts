import type { KeyedStorage } from '../session/user-namespace';

/** A Storage for tests (node has no localStorage or sessionStorage), with its map to look into. */
export const memoryStorage = (): KeyedStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
  };
};
