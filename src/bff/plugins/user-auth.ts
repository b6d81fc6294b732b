import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { isAllowed, type BffOperationKey, type OperationKey } from '../../contract/operations.js';
import { knownRoles, userClaimsSchema, type Role } from '../../contract/user-claims.js';
import type { BffConfig } from '../config.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

/** The signed-in console user, from a verified access token. */
export interface BffUser {
  sub: string;
  name: string;
  roles: Role[];
  tenantId: string | undefined;
  /** The user's e-mail address, when the token names one (alerts by e-mail). */
  email?: string;
  /** When the access token expires (ms since the epoch): live streams end then (the console reconnects with a fresh token). */
  expiresAt?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api request that passed the token check. */
    user: BffUser | null;
  }
}

/** `typ` values of access tokens: Entra ID sends `JWT`, RFC 9068 issuers (oidc-provider) `at+jwt`. */
const ACCEPTED_TYPES = new Set(['jwt', 'at+jwt', 'application/at+jwt']);
/** Seconds of clock skew tolerated on exp and nbf. */
const CLOCK_TOLERANCE_S = 30;

export type UserTokenVerifier = (token: string) => Promise<BffUser>;

/**
 * The scope names a user token's `scp` must contain one of: the console's requested scopes
 * (`api://customs-console/access_as_user`) as the identity provider writes them into `scp`, by
 * their last segment (`access_as_user`). `scp` only appears on delegated tokens (a person signed
 * in through the console); an app-only token carries `roles` alone and must not pass as a person.
 */
export function delegatedScopeNames(spaScopes: readonly string[]): Set<string> {
  return new Set(
    spaScopes
      .map((s) => s.slice(s.lastIndexOf('/') + 1))
      .filter((s) => s !== '' && s !== '.default' && s !== 'openid' && s !== 'profile' && s !== 'offline_access'),
  );
}

/**
 * Verifies the user's access token: RS256 signature against the identity provider's JWKS (other
 * algorithms, `none` and HMAC included, are refused), issuer, audience, exp/nbf and typ.
 * Throws a 401 ProblemError for a bad token, a 403 for a valid token without the console's
 * delegated scope (app-only), and a 503 when the keys cannot be fetched.
 */
export function createUserTokenVerifier(user: BffConfig['user']): UserTokenVerifier {
  const requiredScopes = delegatedScopeNames(user.spaScopes);
  const jwks: JWTVerifyGetKey = createRemoteJWKSet(new URL(user.jwksUrl), {
    timeoutDuration: 5_000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  return async (token) => {
    let payload: unknown;
    try {
      const verified = await jwtVerify(token, jwks, {
        issuer: user.issuer,
        audience: user.audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'sub'],
      });
      const typ = verified.protectedHeader.typ?.toLowerCase();
      if (!typ || !ACCEPTED_TYPES.has(typ)) throw new ProblemError(bffProblem(401, text('auth.notAccessToken')));
      payload = verified.payload;
    } catch (e) {
      if (e instanceof ProblemError) throw e;
      const keysUnavailable =
        e instanceof joseErrors.JWKSTimeout ||
        e instanceof joseErrors.JWKSInvalid ||
        !(e instanceof joseErrors.JOSEError) ||
        e.code === 'ERR_JOSE_GENERIC';
      if (keysUnavailable) throw new ProblemError(bffProblem(503, text('auth.keysUnavailable')));
      throw new ProblemError(bffProblem(401, text(e instanceof joseErrors.JWTExpired ? 'auth.expired' : 'auth.invalid')));
    }
    const claims = userClaimsSchema.safeParse(payload);
    if (!claims.success) throw new ProblemError(bffProblem(401, text('auth.claims')));
    const c = claims.data;
    const granted = (c.scp ?? '').split(' ');
    if (!granted.some((s) => requiredScopes.has(s))) {
      throw new ProblemError(bffProblem(403, text('auth.appOnly')));
    }
    const email = c.email ?? (c.preferred_username?.includes('@') ? c.preferred_username : undefined);
    return {
      sub: c.sub,
      name: c.name ?? c.preferred_username ?? c.sub,
      roles: knownRoles(c.roles),
      tenantId: c.tid,
      expiresAt: c.exp === undefined ? undefined : c.exp * 1000,
      ...(email ? { email } : {}),
    };
  };
}

const bearer = (header: string | undefined): string | undefined => {
  const m = header === undefined ? null : /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return m?.[1];
};

/** Every /api request needs a valid user token: 401 problem (with WWW-Authenticate) otherwise. */
export function installUserAuth(app: FastifyInstance, verify: UserTokenVerifier): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    const token = bearer(request.headers.authorization);
    if (!token) {
      reply.header('www-authenticate', 'Bearer');
      throw new ProblemError(bffProblem(401, text('auth.signIn')));
    }
    try {
      request.user = await verify(token);
    } catch (e) {
      if (e instanceof ProblemError && e.init.status === 401) reply.header('www-authenticate', 'Bearer error="invalid_token"');
      if (e instanceof ProblemError && e.init.status === 403) reply.header('www-authenticate', 'Bearer error="insufficient_scope"');
      throw e;
    }
  });
}

/** The signed-in user of an /api request (the hook guarantees it). */
export function userOf(request: FastifyRequest): BffUser {
  if (!request.user) throw new ProblemError(bffProblem(401, text('auth.signIn')));
  return request.user;
}

/** The signed-in user, when their roles allow the operation (POLICY); a 403 problem otherwise. */
export function requireOperation(request: FastifyRequest, operation: OperationKey | BffOperationKey): BffUser {
  const user = userOf(request);
  if (!isAllowed(user.roles, operation)) throw new ProblemError(bffProblem(403, text('auth.roleRefused', { operation })));
  return user;
}
