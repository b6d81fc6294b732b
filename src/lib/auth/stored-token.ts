import { z } from 'zod';
import { roleSchema } from '../../contract/user-claims';
import { clearDraft, readDraft, writeDraft, type DraftStorage } from '../draft-storage';

/**
 * The console's own copy of the last access token MSAL gave it, with the user it was issued to,
 * in this tab's sessionStorage (where MSAL keeps the same token). A reload of a signed-in tab
 * starts from it and loads MSAL only to renew, sign in or sign out: MSAL is a fifth of the first
 * screen's code otherwise. Independent of MSAL's own cache format, which is not a public API.
 */
const STORAGE_KEY = 'customs-console.accesstoken.v1';

/** As MSAL: a token is renewed five minutes before it expires (its tokenRenewalOffsetSeconds). */
const RENEWAL_MARGIN_MS = 5 * 60_000;

const storedTokenSchema = z.object({
  /** The MSAL client it was issued to: another configuration does not reuse it. */
  clientId: z.string(),
  accessToken: z.string().min(1),
  /** Milliseconds since the epoch. */
  expiresAt: z.number(),
  user: z.object({
    id: z.string().min(1),
    name: z.string(),
    username: z.string(),
    roles: z.array(roleSchema),
    tenantId: z.string().optional(),
  }),
});
export type StoredToken = z.infer<typeof storedTokenSchema>;

/** Whether `token` may still be sent at `now` without renewing it first. */
export const isFresh = (token: StoredToken, now: number): boolean => token.expiresAt - RENEWAL_MARGIN_MS > now;

/** The stored token for `clientId` if it is still fresh (stored data is untrusted: anything else reads as none). */
export function readStoredToken(storage: DraftStorage | undefined, clientId: string, now: number): StoredToken | undefined {
  const token = readDraft(storage, STORAGE_KEY, storedTokenSchema)?.value;
  return token && token.clientId === clientId && isFresh(token, now) ? token : undefined;
}

/** Whether any token is stored, fresh or not, for any client (read before the configuration is known). */
export const hasStoredToken = (storage: DraftStorage | undefined): boolean =>
  readDraft(storage, STORAGE_KEY, storedTokenSchema) !== undefined;

export const storeToken = (storage: DraftStorage | undefined, token: StoredToken): void => writeDraft(storage, STORAGE_KEY, token);

export const forgetStoredToken = (storage: DraftStorage | undefined): void => clearDraft(storage, STORAGE_KEY);

/** This tab's sessionStorage when the browser allows it (reading the property itself can throw when blocked). */
export function tabStorage(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
