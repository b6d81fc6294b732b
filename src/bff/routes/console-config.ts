import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { consoleConfigSchema, type ConsoleConfig } from '../../contract/console-config.js';
import type { BffConfig } from '../config.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

const discoverySchema = z.looseObject({ issuer: z.string(), authorization_endpoint: z.url(), token_endpoint: z.url(), jwks_uri: z.url() });

/**
 * GET /config.json: what the SPA needs before sign-in. With the sandbox's issuer (OIDC) it follows
 * set-up B of docs/local-sign-in.md: an https:// authority string MSAL never contacts, plus the
 * provider's discovery document inline, fetched once on first request and cached.
 */
export function registerConsoleConfig(app: FastifyInstance, config: BffConfig): void {
  let metadata: Promise<string> | undefined;
  const discoveryUrl = `${config.user.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

  const loadMetadata = (): Promise<string> => {
    metadata ??= (async () => {
      const res = await fetch(discoveryUrl, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      return JSON.stringify(discoverySchema.parse(await res.json()));
    })().catch((e: unknown) => {
      metadata = undefined; // not cached: the next request tries again
      throw e;
    });
    return metadata;
  };

  app.get('/config.json', async (request, reply): Promise<ConsoleConfig> => {
    const { user } = config;
    const common = { clientId: user.spaClientId, scopes: user.spaScopes, redirectPath: '/redirect.html' };
    let auth: ConsoleConfig['auth'];
    if (user.protocol === 'AAD') {
      auth = { ...common, authority: user.entraAuthority ?? '', knownAuthorities: ['login.microsoftonline.com'], protocolMode: 'AAD' };
    } else {
      let authorityMetadata: string;
      try {
        authorityMetadata = await loadMetadata();
      } catch (e) {
        request.log.warn({ url: discoveryUrl, error: e instanceof Error ? e.message : String(e) }, 'identity provider discovery failed');
        throw new ProblemError(bffProblem(503, text('auth.idpUnreachable')));
      }
      const issuerUrl = new URL(user.issuer);
      auth = {
        ...common,
        authority: user.issuer.replace(/^http:/, 'https:'),
        knownAuthorities: [issuerUrl.host],
        protocolMode: 'OIDC',
        authorityMetadata,
      };
    }
    reply.header('cache-control', 'no-cache');
    return consoleConfigSchema.parse({ environment: config.environment, auth });
  });
}
