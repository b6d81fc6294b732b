import type { z } from 'zod';

/**
 * Drafts of long forms kept in the browser, so a reload or a closed tab loses nothing. One
 * stored shape, `{ savedAt, value }`, under a versioned key in the user's namespace; a draft is parsed with the form's
 * schema on reading, so one of an older shape is ignored rather than misread. Storage is best
 * effort: a full, blocked or missing localStorage loses the draft, never the form.
 */

/** The part of Storage the drafts use (localStorage in the browser; a Map in tests). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredDraft<T> {
  /** ISO time of the last save, shown as "your unsent entries from …". */
  savedAt: string;
  value: T;
}

/** `draft.<kind>.v<version>.<id parts>`, inside the user's namespace (ConsoleSession.storage): bump the version when the form's shape changes. */
export const draftKey = (kind: string, version: number, ...id: string[]): string => [`draft.${kind}.v${version}`, ...id].join('.');

/** Whether a key (relative to the user's namespace) holds a draft of unsent work. */
export const isDraftKey = (key: string): boolean => key.startsWith('draft.');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The stored draft when there is one that passes the schema; undefined when none, unreadable, or storage is off. */
export function readDraft<T>(storage: DraftStorage | undefined, key: string, schema: z.ZodType<T>): StoredDraft<T> | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const stored: unknown = JSON.parse(raw);
    if (!isObject(stored) || typeof stored['savedAt'] !== 'string') return undefined;
    const value = schema.safeParse(stored['value']);
    return value.success ? { savedAt: stored['savedAt'], value: value.data } : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(storage: DraftStorage | undefined, key: string, value: unknown, now: Date = new Date()): void {
  try {
    storage?.setItem(key, JSON.stringify({ savedAt: now.toISOString(), value }));
  } catch {
    /* quota or privacy mode */
  }
}

export function clearDraft(storage: DraftStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    /* storage disabled */
  }
}

/** localStorage when the browser allows it (reading the property itself can throw when blocked); features use their session's namespace of it. */
export function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
