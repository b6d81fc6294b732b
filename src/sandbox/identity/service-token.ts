import { FORM_MEDIA_TYPE } from '../../server-kit/http/body-parsers.js';
import type { FastifyInstance } from 'fastify';
import { SignJWT, jwtVerify, createLocalJWKSet, errors as joseErrors } from 'jose';
import { z } from 'zod';
import type { Scope } from '../../contract/scopes.js';
import { DEMO_CLIENTS, serviceAudienceFor, serviceScopeFor, type DemoClient } from './demo-clients.js';
import type { SigningKeys } from './signing-keys.js';

/** Token lifetime of the service (specification: currently one hour, given by expires_in). */
export const SERVICE_TOKEN_SECONDS = 3600;

export interface Principal {
  clientId: string;
  tenantId: string;
  sourceSysRef: string;
  scopes: readonly Scope[];
}

const tokenRequestSchema = z.object({
  grant_type: z.string(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
});

/** OAuth 2.0 error response (RFC 6749 section 5.2), as Entra ID sends it. */
const oauthError = (error: string, description: string) => ({ error, error_description: description });

function clientFromBasic(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  return { id: decodeURIComponent(decoded.slice(0, i)), secret: decodeURIComponent(decoded.slice(i + 1)) };
}

/** Most verified tokens remembered (a client keeps one token for its lifetime, so this is many clients' worth). */
const VERIFIED_TOKENS_KEPT = 10_000;

interface VerifiedToken {
  principal: Principal;
  /** The token's own nbf and exp, in seconds. */
  notBefore: number;
  expires: number;
}

export class ServiceTokens {
  private readonly jwks;
  /**
   * Tokens that passed the full check, keyed by the token itself: a client sends the same token
   * for up to an hour, and the RS256 signature check was the largest cost of a small call. Only
   * accepted tokens are kept, and only within their own nbf..exp on this sandbox's clock; outside
   * it (or for any other token) the full check runs again.
   */
  private readonly verified = new Map<string, VerifiedToken>();
  constructor(
    private readonly keys: SigningKeys,
    readonly issuer: string,
    private readonly now: () => number = Date.now,
    /** expires_in of the tokens it issues (config serviceTokenSeconds). */
    readonly lifetimeSeconds = SERVICE_TOKEN_SECONDS,
  ) {
    this.jwks = createLocalJWKSet({ keys: [keys.publicJwk] });
  }

  async issue(client: DemoClient, lifetimeSeconds = this.lifetimeSeconds): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ tid: client.tenantId, azp: client.clientId, source_sys_ref: client.sourceSysRef, scp: client.scopes.join(' ') })
      .setProtectedHeader({ alg: 'RS256', kid: this.keys.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setSubject(client.clientId)
      .setAudience(serviceAudienceFor(client.clientId))
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + lifetimeSeconds)
      .setJti(crypto.randomUUID())
      .sign(this.keys.privateKey);
  }

  /**
   * Verifies a bearer token. 'invalid' (401): missing, malformed, bad signature, expired, wrong issuer.
   * 'forbidden' (403): a valid token whose audience does not belong to its client.
   */
  async verify(token: string): Promise<{ ok: true; principal: Principal } | { ok: false; reason: 'invalid' | 'expired' | 'forbidden' }> {
    // jose's own reading of the clock: whole seconds, valid from nbf until before exp.
    const nowSeconds = Math.floor(this.now() / 1000);
    const hit = this.verified.get(token);
    if (hit && hit.notBefore <= nowSeconds && nowSeconds < hit.expires) return { ok: true, principal: hit.principal };
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        issuer: this.issuer,
        algorithms: ['RS256'],
        currentDate: new Date(this.now()),
      });
      const client = DEMO_CLIENTS.find((c) => c.clientId === payload.sub);
      if (!client || payload.tid !== client.tenantId) return { ok: false, reason: 'forbidden' };
      if (payload.aud !== serviceAudienceFor(client.clientId)) return { ok: false, reason: 'forbidden' };
      const principal = { clientId: client.clientId, tenantId: client.tenantId, sourceSysRef: client.sourceSysRef, scopes: client.scopes };
      this.remember(token, {
        principal,
        notBefore: payload.nbf ?? Number.NEGATIVE_INFINITY,
        expires: payload.exp ?? Number.POSITIVE_INFINITY,
      });
      return { ok: true, principal };
    } catch (e) {
      return { ok: false, reason: e instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  private remember(token: string, entry: VerifiedToken): void {
    // Full: forget the oldest (a Map keeps insertion order); it is verified again if it comes back.
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value ?? '');
    this.verified.set(token, entry);
  }
}

/** POST /oauth2/v2.0/token: the client credentials grant of the specification (Authentication 3 and 4). */
export function registerServiceTokenEndpoint(app: FastifyInstance, tokens: ServiceTokens): void {
  app.post('/oauth2/v2.0/token', { config: { bodyTypes: [FORM_MEDIA_TYPE] } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const parsed = tokenRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).send(oauthError('invalid_request', 'The request must be application/x-www-form-urlencoded with grant_type.'));
    const form = parsed.data;
    if (form.grant_type !== 'client_credentials') {
      return reply
        .code(400)
        .send(oauthError('unsupported_grant_type', 'Only grant_type=client_credentials is supported at this endpoint.'));
    }
    const basic = clientFromBasic(request.headers.authorization);
    const id = basic?.id ?? form.client_id;
    const secret = basic?.secret ?? form.client_secret;
    const client = DEMO_CLIENTS.find((c) => c.clientId === id);
    if (!client || secret !== client.clientSecret) {
      return reply.code(401).send(oauthError('invalid_client', 'Client authentication failed: unknown client or wrong secret.'));
    }
    if (form.scope !== serviceScopeFor(client.clientId)) {
      return reply.code(400).send(oauthError('invalid_scope', `The scope must be ${serviceScopeFor(client.clientId)}.`));
    }
    const accessToken = await tokens.issue(client);
    return reply.send({
      token_type: 'Bearer',
      expires_in: tokens.lifetimeSeconds,
      ext_expires_in: tokens.lifetimeSeconds,
      access_token: accessToken,
    });
  });
}
