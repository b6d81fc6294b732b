/** The console's registration at the issuer and the API it gets tokens for (mirrors an Entra app registration). */
export const CONSOLE_CLIENT_ID = 'customs-console';
/** Audience (resource) of the console's access tokens, as the BFF expects it. */
export const CONSOLE_API = 'api://customs-console';
/** The delegated scope, as a client asks for it (Entra style: `<app id uri>/<scope>`). */
export const CONSOLE_API_SCOPE = `${CONSOLE_API}/access_as_user`;
/** Access token lifetime; MSAL renews before expiry with the refresh token. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Path the issuer is mounted at, below the sandbox's public URL. */
export const OIDC_MOUNT = '/oidc';

export const redirectUrisFor = (consoleUrls: readonly string[]): string[] =>
  consoleUrls.map((u) => `${u.replace(/\/$/, '')}/redirect.html`);
export const postLogoutUrisFor = (consoleUrls: readonly string[]): string[] => consoleUrls.map((u) => `${u.replace(/\/$/, '')}/`);
