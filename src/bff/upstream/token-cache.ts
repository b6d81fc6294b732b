import { z } from 'zod';
import { tokenResponseSchema } from '../../contract/oauth-token.js';

export interface TokenCacheOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  /** Renew once this share of expires_in has passed (default 0.8). */
  renewAt?: number;
  timeoutMs?: number;
  /** Called after each token request with its outcome; never receives the token or the secret. */
  onFetch?: (outcome: { ok: boolean; status?: number; error?: string; ms: number }) => void;
}

/** The token endpoint did not give a token. Its message never contains the secret or a token. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

interface CachedToken {
  value: string;
  renewAt: number;
  expiresAt: number;
}

const oauthErrorSchema = z.looseObject({ error: z.string() });

/**
 * The service's access token (client credentials grant, specification Authentication 3 and 4):
 * one token, cached, renewed at 80 % of expires_in, single-flight (any number of concurrent callers
 * with a cold or stale cache cause one token request), and invalidated on an upstream 401.
 */
export class TokenCache {
  private current: CachedToken | undefined;
  private inflight: Promise<CachedToken> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: TokenCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** A token valid now. While a renewal fails the old token is used until it expires. */
  async get(): Promise<string> {
    const cached = this.current;
    const now = this.now();
    if (cached && now < cached.renewAt) return cached.value;
    try {
      return (await this.refresh()).value;
    } catch (e) {
      if (cached && this.current === cached && this.now() < cached.expiresAt) return cached.value;
      throw e;
    }
  }

  /**
   * Drops `token` after the service refused it (401). Only the token that failed is dropped, so
   * many calls failing with the same token cause one renewal, not one each.
   */
  invalidate(token: string): void {
    if (this.current?.value === token) this.current = undefined;
  }

  private refresh(): Promise<CachedToken> {
    this.inflight ??= this.fetchToken().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async fetchToken(): Promise<CachedToken> {
    const { tokenUrl, clientId, clientSecret, scope, timeoutMs = 10_000, renewAt = 0.8, onFetch } = this.options;
    const started = this.now();
    const t0 = performance.now();
    const report = (outcome: { ok: boolean; status?: number; error?: string }): void =>
      onFetch?.({ ...outcome, ms: Math.round(performance.now() - t0) });
    let res: Response;
    try {
      res = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      const error = e instanceof Error ? e.name : 'fetch failed';
      report({ ok: false, error });
      throw new TokenError(`The token endpoint could not be reached (${error}).`);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      // Only the OAuth error code is kept: the body is the identity provider's, not ours to echo.
      let code = 'unknown';
      try {
        const parsed = oauthErrorSchema.safeParse(JSON.parse(text));
        if (parsed.success) code = parsed.data.error.slice(0, 64);
      } catch {
        /* not JSON */
      }
      report({ ok: false, status: res.status, error: code });
      throw new TokenError(`The token endpoint refused the client credentials grant (${res.status} ${code}).`, res.status);
    }
    let body: z.infer<typeof tokenResponseSchema>;
    try {
      body = tokenResponseSchema.parse(JSON.parse(text));
    } catch {
      report({ ok: false, status: res.status, error: 'malformed' });
      throw new TokenError('The token endpoint answered with a malformed token response.', res.status);
    }
    report({ ok: true, status: res.status });
    const lifetimeMs = body.expires_in * 1000;
    const token = { value: body.access_token, renewAt: started + lifetimeMs * renewAt, expiresAt: started + lifetimeMs };
    this.current = token;
    return token;
  }
}
