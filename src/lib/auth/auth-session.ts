import type { ConsoleConfig } from '../../contract/console-config';
import type { DraftStorage } from '../draft-storage';
import type { MsalClient } from './msal-client';
import { safeReturnTo } from './return-to';
import { signedInUser, type SignedInUser } from './signed-in-user';
import { forgetStoredToken, hasStoredToken, isFresh, readStoredToken, storeToken, tabStorage, type StoredToken } from './stored-token';

const loadMsalClient = () => import('./msal-client');

/** The session could not be renewed silently: the user must sign in again. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Your session has expired. Sign in again to continue.');
    this.name = 'SessionExpiredError';
  }
}

/**
 * The signed-in user's session: sign-in and sign-out by redirect through MSAL, access tokens for
 * the BFF from MSAL's cache (renewed with the refresh token before they expire). A reload of a
 * signed-in tab starts from the last token, stored by the console itself (stored-token.ts), and
 * loads MSAL's chunk only when that token is due for renewal or the user signs in or out.
 */
export class AuthSession {
  /** Set by the app: where to send the user when the session ends (sign-in page, then back). */
  onExpired: (() => void) | undefined;
  private msal: MsalClient | undefined;
  private msalLoading: Promise<MsalClient> | undefined;
  private stored: StoredToken | undefined;
  /** Set when the session ends: MSAL loaded afterwards forgets the account at once. */
  private ended = false;

  private constructor(
    private readonly config: ConsoleConfig,
    private readonly origin: string,
    private readonly storage: DraftStorage | undefined,
  ) {}

  /** Without a stored token MSAL will be needed: its chunk downloads while the configuration loads. */
  static prefetch(storage = tabStorage()): void {
    if (!hasStoredToken(storage)) void loadMsalClient().catch(() => undefined);
  }

  /** With a fresh stored token at once; otherwise after MSAL started (completing a sign-in redirect if this page load is one). */
  static async start(config: ConsoleConfig, origin = window.location.origin, storage = tabStorage()): Promise<AuthSession> {
    const session = new AuthSession(config, origin, storage);
    session.stored = readStoredToken(storage, config.auth.clientId, Date.now());
    if (!session.stored) await session.loadMsal();
    return session;
  }

  /** An error from the sign-in response (for the sign-in page to show). */
  get startupError(): string | undefined {
    return this.msal?.startupError;
  }

  get isSignedIn(): boolean {
    return this.user !== null;
  }

  get user(): SignedInUser | null {
    if (!this.msal) return this.stored?.user ?? null;
    const account = this.msal.account;
    return account ? signedInUser(account) : null;
  }

  /** Sends the browser to the identity provider (its pages in `uiLocale`, the console's language); MSAL brings it back to `returnTo` after sign-in. */
  async signIn(returnTo: string, uiLocale?: string): Promise<void> {
    this.forgetStoredToken();
    const msal = await this.loadMsal();
    await msal.signIn(this.config.auth.scopes, new URL(safeReturnTo(returnTo), this.origin).href, uiLocale);
  }

  async signOut(): Promise<void> {
    this.forgetStoredToken();
    const msal = await this.loadMsal();
    await msal.signOut(this.origin);
  }

  /**
   * An access token for the BFF: the stored one while it is fresh and MSAL is not loaded, else
   * MSAL's. When MSAL can no longer renew it the session has ended.
   */
  async getAccessToken(): Promise<string> {
    if (!this.msal && this.stored && isFresh(this.stored, Date.now())) return this.stored.accessToken;
    const msal = await this.loadMsal();
    const token = await msal.acquireToken(this.config.auth.scopes);
    if (!token) throw this.expire();
    // A session that ended meanwhile (a refused token elsewhere) must not come back at the next reload.
    if (!this.ended && token.accessToken !== this.stored?.accessToken) {
      this.stored = {
        clientId: this.config.auth.clientId,
        accessToken: token.accessToken,
        expiresAt: token.expiresAt,
        user: signedInUser(token.account),
      };
      storeToken(this.storage, this.stored);
    }
    return token.accessToken;
  }

  /** Forgets the local account and the stored token, and notifies the app. */
  expire(): SessionExpiredError {
    this.ended = true;
    this.forgetStoredToken();
    if (this.msal) this.msal.forget();
    // MSAL's cache still holds the account (and its refresh token): load MSAL to forget it there too.
    else void this.loadMsal().catch(() => undefined);
    this.onExpired?.();
    return new SessionExpiredError();
  }

  private forgetStoredToken(): void {
    this.stored = undefined;
    forgetStoredToken(this.storage);
  }

  private loadMsal(): Promise<MsalClient> {
    this.msalLoading ??= loadMsalClient()
      .then(({ MsalClient }) => MsalClient.start(this.config, this.origin))
      .then((msal) => {
        if (this.ended) msal.forget();
        this.msal = msal;
        return msal;
      })
      .catch((e: unknown) => {
        // A chunk that failed to load (network) is tried again at the next need.
        this.msalLoading = undefined;
        throw e;
      });
    return this.msalLoading;
  }
}
