import type { DraftStorage } from '../draft-storage';

/** A Storage for tests (node has no sessionStorage), with its map to look into. */
export const memoryStorage = (): DraftStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};
