import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problem.js';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets, one per key: `ratePerSecond` tokens a second, holding at most one second's
 * worth (a burst of `ratePerSecond` calls, then that many a second). In memory: with several
 * processes the effective limit is per process (documented in the sandbox README).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** 0 when the call may go ahead (a token is taken), otherwise the seconds until one is free. */
  take(key: string): number {
    const at = this.now();
    const capacity = Math.max(1, this.ratePerSecond);
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((at - bucket.at) / 1000) * this.ratePerSecond);
    bucket.at = at;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(at);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
  }

  /** Buckets idle long enough to be full again carry no state worth keeping. */
  private forgetFull(at: number): void {
    for (const [key, b] of this.buckets) if (at - b.at > 1000) this.buckets.delete(key);
  }
}

/**
 * SANDBOX_RATE_LIMIT on every authenticated /v1 call, per client and tenant: past it 429 with
 * Retry-After (whole seconds) and a problem document. Runs after the token check (it needs the
 * client), so refused tokens never use a client's allowance. 0 turns it off.
 */
export function installRateLimit(app: FastifyInstance, ratePerSecond: number): void {
  if (ratePerSecond <= 0) return;
  const limiter = new RateLimiter(ratePerSecond);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/') || request.routeOptions.config.scope === undefined) return;
    const { clientId, tenantId } = request.principal;
    const waitSeconds = limiter.take(`${clientId}\n${tenantId}`);
    if (waitSeconds === 0) return;
    reply.header('retry-after', String(waitSeconds));
    return sendProblem(request, reply, {
      status: 429,
      detail: `Rate limit of ${ratePerSecond} requests per second for client ${clientId} and tenant ${tenantId} exceeded; retry after ${waitSeconds} s.`,
    });
  });
}
