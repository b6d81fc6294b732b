import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CONSOLE_API_SCOPE, CONSOLE_CLIENT_ID } from './console-client.js';

/** Test support: a browser stand-in that follows redirects by hand and keeps cookies per origin-less jar. */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows 3xx responses until a non-redirect or a URL matching `stopAt` (the app's redirect URI). */
  async follow(url: string, stopAt: (u: URL) => boolean, init: RequestInit = {}): Promise<{ res: Response; url: URL }> {
    let current = new URL(url);
    let res = await this.fetch(current.href, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: current };
      current = new URL(location, current);
      if (stopAt(current)) return { res, url: current };
      res = await this.fetch(current.href);
    }
    throw new Error('too many redirects');
  }
}

export const pkcePair = (): { verifier: string; challenge: string } => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export const tokenSetSchema = z.looseObject({
  access_token: z.string(),
  id_token: z.string().optional(),
  refresh_token: z.string().optional(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string().optional(),
});

/** The scopes MSAL sends for the console: the API scope plus its OIDC defaults. */
export const MSAL_SCOPES = `${CONSOLE_API_SCOPE} openid profile offline_access`;

export interface SignInOptions {
  issuer: string;
  redirectUri: string;
  username: string;
  password: string;
  browser?: TestBrowser;
  /** More authorization request parameters, e.g. `ui_locales`. */
  extraParams?: Record<string, string>;
}

/** Runs the authorization code + PKCE flow as MSAL does it, signing in on the issuer's page. */
export async function signInWithPkce(
  o: SignInOptions,
): Promise<{ browser: TestBrowser; loginPage: Response; code?: string; verifier: string }> {
  const browser = o.browser ?? new TestBrowser();
  const { verifier, challenge } = pkcePair();
  const auth = new URL(`${o.issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: CONSOLE_CLIENT_ID,
    response_type: 'code',
    redirect_uri: o.redirectUri,
    scope: MSAL_SCOPES,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
    nonce: 'n',
    ...o.extraParams,
  }).toString();
  const atRedirect = (u: URL) => u.href.startsWith(o.redirectUri);
  const codeAt = (u: URL) => new URLSearchParams(u.search || u.hash.slice(1)).get('code') ?? undefined;
  const toLogin = await browser.follow(auth.href, atRedirect);
  // An existing session at the issuer answers without showing the form.
  if (atRedirect(toLogin.url)) return { browser, loginPage: toLogin.res, code: codeAt(toLogin.url), verifier };
  const page = await toLogin.res.text();
  const action = /action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no sign-in form at ${toLogin.url.href}: ${page.slice(0, 200)}`);
  const submitted = await browser.follow(new URL(action.replaceAll('&amp;', '&'), toLogin.url).href, atRedirect, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: o.username, password: o.password }),
  });
  if (!atRedirect(submitted.url)) return { browser, loginPage: submitted.res, verifier };
  return { browser, loginPage: submitted.res, code: codeAt(submitted.url), verifier };
}

export async function redeemCode(issuer: string, redirectUri: string, code: string, verifier: string, origin?: string): Promise<Response> {
  return fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: CONSOLE_CLIENT_ID,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      scope: MSAL_SCOPES,
    }),
  });
}

/** Redeems a refresh token the way MSAL does, offline_access included. */
export async function redeemRefreshToken(issuer: string, refreshToken: string, origin?: string): Promise<Response> {
  return fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: CONSOLE_CLIENT_ID,
      refresh_token: refreshToken,
      scope: MSAL_SCOPES,
    }),
  });
}
