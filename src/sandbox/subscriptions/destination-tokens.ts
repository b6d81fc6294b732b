import { z } from 'zod';
import type { OutboundPolicy } from '../http/address-policy.js';
import { sendGuarded } from '../http/guarded-connection.js';

/** OAuth settings of a destination (specification, Subscription: accessTokenUrl and friends). */
export interface OAuthDestination {
  accessTokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  audience?: string;
}

/** Lenient on purpose: receivers run all kinds of token servers; only access_token is essential. */
const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
});

/** Lifetime assumed when a token answer has no expires_in (sandbox default). */
export const DEFAULT_TOKEN_LIFETIME_S = 300;

interface Cached {
  token: string;
  expiresAt: number;
}

/**
 * Tokens the sandbox obtains from integrators' token endpoints with the client credentials grant
 * (form-encoded grant_type, client_id, client_secret, plus scope and audience when given).
 * Cached per (accessTokenUrl, clientId, scope, audience) until shortly before expires_in runs out
 * (10% of the lifetime, at most 60 s, real time: not scaled); concurrent deliveries share one
 * request. A 401 from the destination drops the cached token.
 */
export class DestinationTokens {
  private readonly cache = new Map<string, Cached>();
  private readonly pending = new Map<string, Promise<Cached>>();
  /** Token requests made, for tests and the debugging view. */
  requests = 0;

  constructor(
    private readonly timeoutMs: number,
    private readonly shutdown: () => AbortSignal,
    private readonly policy: OutboundPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  async get(d: OAuthDestination): Promise<string> {
    const key = cacheKey(d);
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.token;
    let inFlight = this.pending.get(key);
    if (!inFlight) {
      inFlight = this.fetchToken(d).finally(() => this.pending.delete(key));
      this.pending.set(key, inFlight);
    }
    const fresh = await inFlight;
    this.cache.set(key, fresh);
    return fresh.token;
  }

  invalidate(d: OAuthDestination): void {
    this.cache.delete(cacheKey(d));
  }

  clear(): void {
    this.cache.clear();
  }

  private async fetchToken(d: OAuthDestination): Promise<Cached> {
    this.requests++;
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: d.clientId, client_secret: d.clientSecret });
    if (d.scope) form.set('scope', d.scope);
    if (d.audience) form.set('audience', d.audience);
    // Redirects are not followed: a 3xx is a failed token request.
    const res = await sendGuarded(
      new URL(d.accessTokenUrl),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.shutdown()]),
      },
      this.policy,
    );
    if (res.status < 200 || res.status >= 300) throw new Error(`token endpoint answered HTTP ${res.status}`);
    const parsed = tokenAnswerSchema.safeParse(parseJson(res.text));
    if (!parsed.success) throw new Error('token endpoint answer has no access_token');
    const lifetimeMs = (parsed.data.expires_in ?? DEFAULT_TOKEN_LIFETIME_S) * 1000;
    return { token: parsed.data.access_token, expiresAt: this.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 10) };
  }
}

const cacheKey = (d: OAuthDestination): string => JSON.stringify([d.accessTokenUrl, d.clientId, d.scope ?? '', d.audience ?? '']);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
