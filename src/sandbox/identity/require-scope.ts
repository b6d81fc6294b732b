import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Scope } from '../../contract/scopes.js';
import { sendProblem } from '../http/problem.js';
import type { Principal, ServiceTokens } from './service-token.js';
import type { TenantsRepository } from '../store/platform/tenants-repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scope the route needs (specification, Endpoints); `null` means any valid token (authorizationStatus). */
    scope?: Scope | null;
    /** The route belongs to classification: the token's tenant must have it enabled. */
    classification?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

/**
 * Every /v1 route (and the sandbox-only client API under /sandbox-api) requires a bearer token: 401 when missing, expired or invalid; 403 for a
 * missing scope, another client's audience, or a tenant without classification.
 */
export function installServiceAuth(app: FastifyInstance, tokens: ServiceTokens, tenants: TenantsRepository): void {
  // Set by the hook below for every /v1 route; reading it anywhere else is a programming error.
  const principals = new WeakMap<FastifyRequest, Principal>();
  app.decorateRequest('principal', {
    getter(this: FastifyRequest): Principal {
      const principal = principals.get(this);
      if (!principal) throw new Error(`no authenticated client on ${this.method} ${this.url}`);
      return principal;
    },
    setter(this: FastifyRequest, principal: Principal): void {
      principals.set(this, principal);
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/') && !request.url.startsWith('/sandbox-api/')) return;
    const config = request.routeOptions.config;
    if (config.scope === undefined) return; // unknown path: the 404 handler answers
    const header = request.headers.authorization;
    const challenge = 'Bearer realm="customs-sandbox"';
    if (!header?.startsWith('Bearer ')) {
      reply.header('www-authenticate', challenge);
      return sendProblem(request, reply, { status: 401, detail: 'A bearer access token is required.' });
    }
    const result = await tokens.verify(header.slice(7).trim());
    if (!result.ok) {
      if (result.reason === 'forbidden')
        return sendProblem(request, reply, { status: 403, detail: 'The token is not issued for this API.' });
      reply.header('www-authenticate', `${challenge}, error="invalid_token"`);
      return sendProblem(request, reply, {
        status: 401,
        detail: result.reason === 'expired' ? 'The access token has expired.' : 'The access token is invalid.',
      });
    }
    request.principal = result.principal;
    if (config.scope && !result.principal.scopes.includes(config.scope)) {
      return sendProblem(request, reply, { status: 403, detail: `The token lacks the scope ${config.scope}.` });
    }
    if (config.classification && (await tenants.get(result.principal.tenantId))?.classificationJurisdictions.length === 0) {
      return sendProblem(request, reply, { status: 403, detail: `Classification is not enabled for tenant ${result.principal.tenantId}.` });
    }
  });
}
