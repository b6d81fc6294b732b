import type { JWK } from 'jose';
import Provider, { type Adapter, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import {
  ACCESS_TOKEN_SECONDS,
  CONSOLE_API,
  CONSOLE_API_SCOPE,
  CONSOLE_CLIENT_ID,
  OIDC_MOUNT,
  postLogoutUrisFor,
  redirectUrisFor,
} from './console-client.js';
import { findDemoUser, userClaims } from './demo-users.js';
import { errorPage, signedOutPage, signOutPage } from './pages.js';

export interface IssuerOptions {
  /** `${publicUrl}/oidc`: the issuer identifier, exactly. */
  issuer: string;
  consoleUrls: readonly string[];
  signingKey: JWK;
  cookieKeys: string[];
  adapter: (model: string) => Adapter;
}

const HOUR = 3600;
const OIDC_SCOPES = 'openid profile offline_access';

function html(ctx: KoaContextWithOIDC, body: string): void {
  ctx.type = 'html';
  ctx.body = body;
}

/**
 * The sandbox's OpenID Connect issuer for console users. It behaves like Entra ID does for the
 * console's app registration: JWT access tokens for api://customs-console carrying roles, tid and
 * scp, refresh tokens for the SPA, and no consent screen for the first-party console.
 */
export function createIssuer(options: IssuerOptions): Provider {
  const origins = new Set(options.consoleUrls.map((u) => new URL(u).origin));

  const configuration: Configuration = {
    adapter: options.adapter,
    clients: [
      {
        client_id: CONSOLE_CLIENT_ID,
        client_name: 'Customs Console',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUrisFor(options.consoleUrls),
        post_logout_redirect_uris: postLogoutUrisFor(options.consoleUrls),
      },
    ],
    jwks: { keys: [options.signingKey] },
    cookies: { keys: options.cookieKeys },
    // Authorization code only (with PKCE): the flow MSAL uses; no implicit or hybrid responses.
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Entra-like claims: roles and tid in ID token and access token, name for the console's header.
    claims: { openid: ['sub', 'roles', 'tid'], profile: ['name', 'preferred_username'] },
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const user = findDemoUser(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...userClaims(user) }) };
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => html(ctx, signOutPage(form)),
        postLogoutSuccessSource: (ctx) => html(ctx, signedOutPage(options.consoleUrls[0])),
      },
      resourceIndicators: {
        enabled: true,
        // Entra-style clients never send `resource`: every token is for the console's API.
        defaultResource: () => CONSOLE_API,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: CONSOLE_API_SCOPE,
          audience: CONSOLE_API,
          accessTokenTTL: ACCESS_TOKEN_SECONDS,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token)) return undefined;
      const user = findDemoUser(token.accountId);
      return user ? { ...userClaims(user), scp: 'access_as_user' } : undefined;
    },
    // The provider drops offline_access unless consent is prompted, so MSAL would get no refresh token.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // First-party console: grant its scopes without a consent screen (Entra: admin consent).
    async loadExistingGrant(ctx) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing && client.clientId !== CONSOLE_CLIENT_ID) return existing;
      const grant = existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(OIDC_SCOPES);
      grant.addResourceScope(CONSOLE_API, CONSOLE_API_SCOPE);
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin, client) => client.clientId === CONSOLE_CLIENT_ID && origins.has(origin),
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    renderError(ctx, out) {
      html(ctx, errorPage(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, String(v)]))));
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: 8 * HOUR,
      Grant: 8 * HOUR,
      RefreshToken: 8 * HOUR,
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // Trust X-Forwarded-* only when the sandbox is published behind a TLS-terminating proxy.
  provider.proxy = new URL(options.issuer).protocol === 'https:';
  return provider;
}
