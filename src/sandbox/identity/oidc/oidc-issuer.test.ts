import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userClaimsSchema } from '../../../contract/user-claims.js';
import { startSandbox, type RunningSandbox } from '../../test-support/start-sandbox.js';
import { CONSOLE_API, CONSOLE_API_SCOPE, CONSOLE_CLIENT_ID } from './console-client.js';
import { TestBrowser, redeemCode, redeemRefreshToken, signInWithPkce, tokenSetSchema } from './pkce-test-client.js';

const CONSOLE_URL = 'http://localhost:8181';
const REDIRECT_URI = `${CONSOLE_URL}/redirect.html`;

let sandbox: RunningSandbox;
let issuer: string;
beforeAll(async () => {
  sandbox = await startSandbox({ consoleUrls: `${CONSOLE_URL} http://localhost:5173` });
  issuer = `${sandbox.url}/oidc`;
});
afterAll(async () => sandbox.close());

const discoverySchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  end_session_endpoint: z.string(),
  userinfo_endpoint: z.string(),
  code_challenge_methods_supported: z.array(z.string()),
});

async function signInAndRedeem(username: string, password = username) {
  const flow = await signInWithPkce({ issuer, redirectUri: REDIRECT_URI, username, password });
  // When no code comes, the message says where the flow stopped (the page's status and its first words).
  const stoppedAt = flow.code ? '' : `${flow.loginPage.status} ${(await flow.loginPage.clone().text()).slice(0, 300)}`;
  expect(flow.code, `authorization code at the redirect URI; stopped at ${stoppedAt}`).toBeTruthy();
  const res = await redeemCode(issuer, REDIRECT_URI, flow.code ?? '', flow.verifier, CONSOLE_URL);
  expect(res.status).toBe(200);
  return { res, tokens: tokenSetSchema.parse(await res.json()), browser: flow.browser };
}

describe('OpenID Connect issuer', () => {
  it('publishes discovery at /oidc with the default routes', async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = discoverySchema.parse(await res.json());
    expect(doc).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/session/end`,
      userinfo_endpoint: `${issuer}/me`,
    });
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('signs a user in with authorization code + PKCE and issues an RFC 9068 access token for the console API', async () => {
    const { res, tokens } = await signInAndRedeem('supervisor');
    expect(res.headers.get('access-control-allow-origin')).toBe(CONSOLE_URL);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBe(900);
    expect(tokens.scope?.split(' ')).toContain(CONSOLE_API_SCOPE);

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
    const { payload } = await jwtVerify(tokens.access_token, jwks, { issuer, audience: CONSOLE_API, typ: 'at+jwt' });
    const claims = userClaimsSchema.parse(payload);
    expect(claims).toMatchObject({ sub: 'supervisor', roles: ['supervisor'], name: 'Sam Supervisor', tid: 't-acc-001' });
    expect(payload).toMatchObject({
      scp: 'access_as_user',
      client_id: CONSOLE_CLIENT_ID,
      preferred_username: 'supervisor@sandbox.customs.test',
    });

    const { payload: id } = await jwtVerify(tokens.id_token ?? '', jwks, { issuer, audience: CONSOLE_CLIENT_ID });
    expect(id).toMatchObject({ sub: 'supervisor', name: 'Sam Supervisor', roles: ['supervisor'], tid: 't-acc-001', nonce: 'n' });
  });

  it.each(['clerk', 'analyst'])('gives %s the role of the same name', async (username) => {
    const { tokens } = await signInAndRedeem(username);
    const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet({ keys: [sandbox.ctx.keys.publicJwk] }), {
      issuer,
      audience: CONSOLE_API,
    });
    expect(payload.roles).toEqual([username]);
  });

  it('shows an error on the sign-in page for a wrong password and issues no code', async () => {
    const flow = await signInWithPkce({ issuer, redirectUri: REDIRECT_URI, username: 'clerk', password: 'wrong' });
    expect(flow.code).toBeUndefined();
    expect(flow.loginPage.status).toBe(401);
    const page = await flow.loginPage.text();
    expect(page).toMatch(/role="alert"[^>]*>The username or password is not correct/);
    expect(page).toContain('<label for="username">Username</label>');
    expect(page).toContain('value="clerk"');
    // The same interaction still accepts the right password.
    const retry = await signInWithPkce({ issuer, redirectUri: REDIRECT_URI, username: 'clerk', password: 'clerk', browser: flow.browser });
    expect(retry.code).toBeTruthy();
  });

  it('shows its sign-in page in the console’s language (ui_locales), errors included', async () => {
    const flow = await signInWithPkce({
      issuer,
      redirectUri: REDIRECT_URI,
      username: 'clerk',
      password: 'wrong',
      extraParams: { ui_locales: 'nl' },
    });
    expect(flow.loginPage.status).toBe(401);
    const page = await flow.loginPage.text();
    expect(page).toContain('<html lang="nl">');
    expect(page).toContain('<label for="username">Gebruikersnaam</label>');
    expect(page).toMatch(/role="alert"[^>]*>De gebruikersnaam of het wachtwoord is niet juist/);
    const retry = await signInWithPkce({ issuer, redirectUri: REDIRECT_URI, username: 'clerk', password: 'clerk', browser: flow.browser });
    expect(retry.code).toBeTruthy();
  });

  it('redeems a refresh token although MSAL re-sends offline_access', async () => {
    const { tokens } = await signInAndRedeem('analyst');
    const res = await redeemRefreshToken(issuer, tokens.refresh_token ?? '', CONSOLE_URL);
    const body: unknown = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const renewed = tokenSetSchema.parse(body);
    const { payload } = await jwtVerify(renewed.access_token, createLocalJWKSet({ keys: [sandbox.ctx.keys.publicJwk] }), {
      issuer,
      audience: CONSOLE_API,
    });
    expect(payload).toMatchObject({ roles: ['analyst'], scp: 'access_as_user' });
  });

  it('signs out through its confirmation page and returns to the console', async () => {
    const { tokens, browser } = await signInAndRedeem('clerk');
    const end = new URL(`${issuer}/session/end`);
    end.search = new URLSearchParams({
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${CONSOLE_URL}/`,
      state: 's',
    }).toString();
    const page = await browser.fetch(end.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="logout" value="yes"');
    expect(html).not.toMatch(/fonts\.googleapis|https?:\/\/(?!localhost)/);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await browser.follow(new URL(action, end).href, (u) => u.href.startsWith(CONSOLE_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirmed.url.href).toBe(`${CONSOLE_URL}/?state=s`);
    // The issuer's session is gone: the next authorization shows the form again.
    const again = await signInWithPkce({ issuer, redirectUri: REDIRECT_URI, username: 'clerk', password: 'wrong', browser });
    expect(again.loginPage.status).toBe(401);
  });

  it('refuses a redirect URI that is not a console URL and a request without PKCE', async () => {
    const noPkce = new URL(`${issuer}/auth`);
    noPkce.search = new URLSearchParams({
      client_id: CONSOLE_CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
    }).toString();
    const res = await new TestBrowser().fetch(noPkce.href);
    expect(res.headers.get('location')).toContain('error=invalid_request');
    const evil = new URL(noPkce);
    evil.searchParams.set('redirect_uri', 'http://evil.test/redirect.html');
    const bad = await fetch(evil, { redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('redirect_uri');
  });

  it('keeps sessions and refresh tokens across a restart on the same data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oidc-restart-'));
    const first = await startSandbox({ dataDir, consoleUrls: CONSOLE_URL });
    const publicUrl = first.url;
    const flow = await signInWithPkce({ issuer: `${publicUrl}/oidc`, redirectUri: REDIRECT_URI, username: 'clerk', password: 'clerk' });
    const tokens = tokenSetSchema.parse(await (await redeemCode(`${publicUrl}/oidc`, REDIRECT_URI, flow.code ?? '', flow.verifier)).json());
    await first.stop();
    // Same data directory and public URL, new process state (the port differs; the issuer string does not).
    const second = await startSandbox({ dataDir, consoleUrls: CONSOLE_URL, publicUrl });
    try {
      const renewed = await redeemRefreshToken(`${second.url}/oidc`, tokens.refresh_token ?? '');
      expect(renewed.status).toBe(200);
      const again = await signInWithPkce({
        issuer: `${second.url}/oidc`,
        redirectUri: REDIRECT_URI,
        username: '',
        password: '',
        browser: flow.browser,
      });
      expect(again.code, 'the session cookie signs the user in without the form').toBeTruthy();
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
