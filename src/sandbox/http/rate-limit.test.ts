import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../contract/problem.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { RateLimiter } from './rate-limit.js';

describe('token bucket', () => {
  it('lets a burst of one second through, then one call per 1/rate seconds, per key', () => {
    let now = 0;
    const limiter = new RateLimiter(5, () => now);
    for (let i = 0; i < 5; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0);
    now += 200;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
    now += 10_000;
    for (let i = 0; i < 5; i++) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
  });

  it('asks for whole seconds when the rate is below one a second', () => {
    let now = 0;
    const limiter = new RateLimiter(0.25, () => now);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(4);
    now += 4_000;
    expect(limiter.take('a')).toBe(0);
  });
});

/** The service answers 429 past its limit (specification, Errors); the sandbox now does too (SANDBOX_RATE_LIMIT). */
describe('rate limit over HTTP', () => {
  let sb: RunningSandbox;
  const RATE = 0.2; // one call per 5 s: nothing refills while the test runs, however loaded the machine
  beforeAll(async () => {
    sb = await startSandbox({ seed: false, rateLimit: RATE });
  });
  afterAll(() => sb.close());

  it('answers 429 with Retry-After and a problem document past the limit, per client and tenant', async () => {
    expect((await sb.call('/v1/authorizationStatus')).status).toBe(200);
    const limited = await sb.call('/v1/subscriptions');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    const problem = problemSchema.parse(await limited.json());
    expect(problem).toMatchObject({ status: 429, title: 'Too Many Requests', instance: '/v1/subscriptions' });
    // Another client (and tenant) has its own allowance.
    expect((await sb.call('/v1/authorizationStatus', { clientId: 'noclass-acc' })).status).toBe(200);
  });

  it('does not spend a client allowance on refused tokens, and leaves the token endpoint and controls alone', async () => {
    expect((await fetch(`${sb.url}/v1/authorizationStatus`, { headers: { authorization: 'Bearer forged' } })).status).toBe(401);
    expect((await sb.call('/v1/authorizationStatus', { clientId: 'reader-acc' })).status).toBe(200);
    expect((await sb.control('/_sandbox/faults', { method: 'DELETE' })).status).toBe(204);
  });
});

describe('rate limit off', () => {
  it('lets every call through with SANDBOX_RATE_LIMIT=0, and faults still force 429s', async () => {
    const sb = await startSandbox({ seed: false, rateLimit: 0 });
    try {
      const statuses = await Promise.all(Array.from({ length: 100 }, () => sb.call('/v1/authorizationStatus').then((r) => r.status)));
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect((await sb.control('/_sandbox/faults', { method: 'PUT', json: { status: 429, retryAfterSeconds: 3 } })).status).toBe(204);
      const forced = await sb.call('/v1/authorizationStatus');
      expect(forced.status).toBe(429);
      expect(forced.headers.get('retry-after')).toBe('3');
    } finally {
      await sb.close();
    }
  });
});
