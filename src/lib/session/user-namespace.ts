import type { DraftStorage } from '../draft-storage';

/**
 * Everything the console keeps in the browser for a user lives under one prefix per tenant and
 * user, `customs-console.<tenant>.<user>.`, so that it can be found and removed as a whole and
 * one user's keys are never read for another.
 */
export interface SessionIdentity {
  /** The directory tenant (`tid`); '-' when the issuer names none. */
  tenantId: string;
  /** The user's stable id (Entra `oid`, else `sub`): usernames can be renamed and reused. */
  userId: string;
}

/** Storage that can also list its keys (localStorage; a Map in tests). */
export interface KeyedStorage extends DraftStorage {
  readonly length: number;
  key(index: number): string | null;
}

const ROOT = 'customs-console';

/** A dot or other separator in an id must not let one user's prefix be a prefix of another's. */
const segment = (id: string): string => encodeURIComponent(id).replaceAll('.', '%2E');

export const namespacePrefix = ({ tenantId, userId }: SessionIdentity): string => `${ROOT}.${segment(tenantId)}.${segment(userId)}.`;

/** Every key in `storage` (a snapshot: removing while iterating shifts the indexes). */
export function storageKeys(storage: KeyedStorage | undefined): string[] {
  try {
    if (!storage) return [];
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch {
    return []; // storage disabled
  }
}

/** A view of `base` where every key is under `prefix`: the per-user storage every draft and list uses. */
export function namespacedStorage(
  base: KeyedStorage | undefined,
  prefix: string,
): DraftStorage & { keys: () => string[]; removeAll: () => void } {
  const keys = () => storageKeys(base).flatMap((k) => (k.startsWith(prefix) ? [k.slice(prefix.length)] : []));
  return {
    getItem: (key) => base?.getItem(prefix + key) ?? null,
    setItem: (key, value) => base?.setItem(prefix + key, value),
    removeItem: (key) => base?.removeItem(prefix + key),
    keys,
    removeAll: () => {
      for (const key of keys()) {
        try {
          base?.removeItem(prefix + key);
        } catch {
          /* storage disabled: nothing was kept */
        }
      }
    },
  };
}

/**
 * Keys earlier consoles wrote without the user's namespace: whose they were cannot be told, so
 * they are removed at start (the un-keyed ingestion drafts, recent movement orders and action
 * drafts showed one user's work to the next).
 */
const LEGACY_PREFIXES = [
  `${ROOT}.ingestion-draft.`,
  `${ROOT}.movement-orders.recent`,
  `${ROOT}.action-draft.`,
  `${ROOT}.movement-order-draft.`,
  `${ROOT}:declarations:`,
];

export const isLegacyKey = (key: string): boolean => LEGACY_PREFIXES.some((p) => key.startsWith(p));
