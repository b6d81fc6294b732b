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

/** A readable line for an MSAL error (its messages are mostly links; errorCode is what matters). */
function describeAuthError(error: unknown): string {
  if (error instanceof AuthError) return `Sign-in failed (${error.errorCode}). ${error.errorMessage}`.trim();
  return error instanceof Error ? error.message : 'Sign-in failed.';
}

export interface AcquiredToken {
  accessToken: string;
  /** Milliseconds since the epoch; 0 when MSAL does not say. */
  expiresAt: number;
  account: AccountInfo;
}

/**
 * Everything the console does with MSAL, in a chunk of its own: AuthSession imports this module
 * only when it needs MSAL (no fresh token stored, renewal, sign-in, sign-out).
 */
export class MsalClient {
  private constructor(
    private readonly app: IPublicClientApplication,
    /** An error from the sign-in response (for the sign-in page to show). */
    readonly startupError: string | undefined,
  ) {}

  /** Creates MSAL, completes a sign-in redirect if this page load is one, and picks the account. */
  static async start(config: ConsoleConfig, origin: string): Promise<MsalClient> {
    const app = new PublicClientApplication(msalConfiguration(config.auth, origin));
    await app.initialize();
    let startupError: string | undefined;
    try {
      const result = await app.handleRedirectPromise();
      if (result?.account) app.setActiveAccount(result.account);
    } catch (e) {
      startupError = describeAuthError(e);
    }
    if (!app.getActiveAccount()) {
      const [first] = app.getAllAccounts();
      if (first) app.setActiveAccount(first);
    }
    return new MsalClient(app, startupError);
  }

  get account(): AccountInfo | null {
    return this.app.getActiveAccount();
  }

  /**
   * An access token from MSAL's cache, renewed with the refresh token shortly before expiry;
   * null when only a new sign-in helps.
   */
  async acquireToken(scopes: string[]): Promise<AcquiredToken | null> {
    const account = this.account;
    if (!account) return null;
    try {
      const result = await this.app.acquireTokenSilent({ scopes, account });
      return { accessToken: result.accessToken, expiresAt: result.expiresOn?.getTime() ?? 0, account: result.account };
    } catch (e) {
      // InteractionRequired: refresh token and issuer session are gone. BrowserAuthError: the silent
      // iframe fallback failed (timed out or blocked). Either way only a new sign-in helps.
      if (e instanceof InteractionRequiredAuthError || e instanceof BrowserAuthError) return null;
      throw e;
    }
  }

  /**
   * Sends the browser to the identity provider; MSAL brings it back to `returnTo` (an absolute URL)
   * after sign-in. `uiLocale`: the console's language, asked of the provider's pages (OpenID Connect
   * `ui_locales`, which Entra ID and the sandbox's issuer both honour).
   */
  async signIn(scopes: string[], returnTo: string, uiLocale?: string): Promise<void> {
    await this.app.loginRedirect({
      scopes,
      redirectStartPage: returnTo,
      ...(uiLocale ? { extraQueryParameters: { ui_locales: uiLocale } } : {}),
    });
  }

  async signOut(origin: string): Promise<void> {
    const account = this.account;
    // The ID token names the client to the issuer; without it the issuer cannot honour the post-logout redirect.
    await this.app.logoutRedirect({
      ...(account ? { account } : {}),
      ...(account?.idToken ? { idTokenHint: account.idToken } : {}),
      postLogoutRedirectUri: `${origin}/`,
    });
  }

  /** Forgets the local account (the identity provider's session may still sign the user in at once). */
  forget(): void {
    const account = this.account;
    if (account) void this.app.clearCache({ account });
    this.app.setActiveAccount(null);
  }
}
