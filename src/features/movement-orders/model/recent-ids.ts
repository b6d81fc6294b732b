import { z } from 'zod';
import type { DraftStorage } from '../../../lib/draft-storage';

/**
 * "Recently viewed" movement order ids: the service has no list or search for movement orders,
 * so the console remembers what the user opened in this browser (the user's storage, newest first).
 */
const RECENT_IDS_KEY = 'movement-orders.recent';
export const RECENT_IDS_MAX = 10;

const storedSchema = z.array(z.string().min(1));

/** The stored list, or empty when absent or not ours (a corrupt value must not break the page). */
export function parseRecentIds(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, RECENT_IDS_MAX) : [];
  } catch {
    return [];
  }
}

/** Moves `id` to the front, without duplicates, capped. */
export function withRecentId(ids: readonly string[], id: string, max = RECENT_IDS_MAX): string[] {
  return [id, ...ids.filter((other) => other !== id)].slice(0, max);
}

/** Storage can be unavailable (private mode, quota): the list is a convenience, so failures are ignored. */
export function readRecentIds(storage: DraftStorage): string[] {
  try {
    return parseRecentIds(storage.getItem(RECENT_IDS_KEY));
  } catch {
    return [];
  }
}

export function rememberRecentId(storage: DraftStorage, id: string): void {
  try {
    storage.setItem(RECENT_IDS_KEY, JSON.stringify(withRecentId(readRecentIds(storage), id)));
  } catch {
    /* see readRecentIds */
  }
}
