import {
  AuthError,
  BrowserAuthError,
  InteractionRequiredAuthError,
  PublicClientApplication,
  type AccountInfo,
  type IPublicClientApplication,
} from '@azure/msal-browser';
import type { ConsoleConfig } from '../../contract/console-config';
import { msalConfiguration } from './msal-configuration';
import { safeReturnTo } from './return-to';
import { signedInUser, type SignedInUser } from './signed-in-user';

/** The session could not be renewed silently: the user must sign in again. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Your session has expired. Sign in again to continue.');
    this.name = 'SessionExpiredError';
  }
}

/** A readable line for an MSAL error (its messages are mostly links; errorCode is what matters). */
export function describeAuthError(error: unknown): string {
  if (error instanceof AuthError) return `Sign-in failed (${error.errorCode}). ${error.errorMessage}`.trim();
  return error instanceof Error ? error.message : 'Sign-in failed.';
}

/**
 * The signed-in user's session over MSAL: sign-in and sign-out by redirect, access tokens for the
 * BFF from MSAL's cache (renewed with the refresh token before they expire).
 */
export class AuthSession {
  /** Set by the app: where to send the user when the session ends (sign-in page, then back). */
  onExpired: (() => void) | undefined;
  /** An error from the sign-in response (for the sign-in page to show). */
  readonly startupError: string | undefined;

  private constructor(
    readonly msal: IPublicClientApplication,
    private readonly scopes: string[],
    startupError: string | undefined,
  ) {
    this.startupError = startupError;
  }

  /** Creates MSAL, completes a sign-in redirect if this page load is one, and picks the account. */
  static async start(config: ConsoleConfig, origin = window.location.origin): Promise<AuthSession> {
    const msal = new PublicClientApplication(msalConfiguration(config.auth, origin));
    await msal.initialize();
    let startupError: string | undefined;
    try {
      const result = await msal.handleRedirectPromise();
      if (result?.account) msal.setActiveAccount(result.account);
    } catch (e) {
      startupError = describeAuthError(e);
    }
    if (!msal.getActiveAccount()) {
      const [first] = msal.getAllAccounts();
      if (first) msal.setActiveAccount(first);
    }
    return new AuthSession(msal, config.auth.scopes, startupError);
  }

  get account(): AccountInfo | null {
    return this.msal.getActiveAccount();
  }

  get isSignedIn(): boolean {
    return this.account !== null;
  }

  get user(): SignedInUser | null {
    const account = this.account;
    return account ? signedInUser(account) : null;
  }

  /** Sends the browser to the identity provider; MSAL brings it back to `returnTo` after sign-in. */
  async signIn(returnTo: string): Promise<void> {
    await this.msal.loginRedirect({ scopes: this.scopes, redirectStartPage: new URL(safeReturnTo(returnTo), window.location.origin).href });
  }

  async signOut(): Promise<void> {
    const account = this.account;
    // The ID token names the client to the issuer; without it the issuer cannot honour the post-logout redirect.
    await this.msal.logoutRedirect({
      ...(account ? { account } : {}),
      ...(account?.idToken ? { idTokenHint: account.idToken } : {}),
      postLogoutRedirectUri: `${window.location.origin}/`,
    });
  }

  /**
   * An access token for the BFF. MSAL answers from its cache and renews with the refresh token
   * shortly before expiry; when that is no longer possible the session has ended.
   */
  async getAccessToken(): Promise<string> {
    const account = this.account;
    if (!account) throw this.expire();
    try {
      const result = await this.msal.acquireTokenSilent({ scopes: this.scopes, account });
      return result.accessToken;
    } catch (e) {
      // InteractionRequired: refresh token and issuer session are gone. BrowserAuthError: the silent
      // iframe fallback failed (timed out or blocked). Either way only a new sign-in helps.
      if (e instanceof InteractionRequiredAuthError || e instanceof BrowserAuthError) throw this.expire();
      throw e;
    }
  }

  /** Forgets the local account (the identity provider's session may still sign the user in at once) and notifies the app. */
  expire(): SessionExpiredError {
    const account = this.account;
    if (account) void this.msal.clearCache({ account });
    this.msal.setActiveAccount(null);
    this.onExpired?.();
    return new SessionExpiredError();
  }
}
