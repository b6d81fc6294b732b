import type { SandboxFeature } from '../../context.js';
import { OIDC_MOUNT } from './console-client.js';
import { loadOrCreateCookieKeys } from './cookie-keys.js';
import { registerInteractionRoutes } from './interaction-routes.js';
import { mountProvider } from './mount-provider.js';
import { createIssuer } from './provider.js';
import { storeAdapterFactory } from './store-adapter.js';

/** The OpenID Connect issuer for console users, at `${publicUrl}/oidc` (docs/architecture.md section 5). */
export const oidcFeature: SandboxFeature = {
  name: 'oidc',
  async register(app, ctx) {
    const provider = createIssuer({
      issuer: `${ctx.config.publicUrl.replace(/\/$/, '')}${OIDC_MOUNT}`,
      consoleUrls: ctx.config.consoleUrls,
      signingKey: ctx.keys.privateJwk,
      cookieKeys: await loadOrCreateCookieKeys(ctx.store.repos.secrets, ctx.config.dataDir),
      adapter: storeAdapterFactory(ctx.store.repos.oidc),
    });
    provider.on('server_error', (_koa, err) => ctx.log.error({ err }, 'oidc issuer error'));
    registerInteractionRoutes(app, provider);
    await mountProvider(app, provider);
  },
};
