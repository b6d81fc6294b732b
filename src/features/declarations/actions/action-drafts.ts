import { z } from 'zod';
import type { DeclarationAction } from '../../../contract/declaration-actions';

/** Bump when a dialog's form model changes shape: older drafts are then ignored. */
const DRAFT_VERSION = 1;

export const draftKey = (declarationId: string, action: DeclarationAction): string => `customs-console.action-draft.v${DRAFT_VERSION}.${declarationId}.${action}`;

/** The part of Storage the drafts use (localStorage in the browser; a Map in tests). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const storedDraftSchema = z.object({ savedAt: z.string(), values: z.record(z.string(), z.unknown()) });
export type StoredDraft = z.infer<typeof storedDraftSchema>;

/** The stored draft, or undefined when there is none, it is unreadable, or storage is off. */
export function readDraft(storage: DraftStorage | undefined, key: string): StoredDraft | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const parsed = storedDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: a full or disabled storage loses the draft, never the dialog. */
export function writeDraft(storage: DraftStorage | undefined, key: string, values: unknown, now: Date = new Date()): void {
  try {
    storage?.setItem(key, JSON.stringify({ savedAt: now.toISOString(), values }));
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

/** localStorage when the browser allows it. */
export function browserStorage(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
