import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOf, startSecurityStack, type SecurityStack } from '../test-support/security-stack.js';

// Issue 11, rate limits: the BFF passes the service's 429 and Retry-After through unchanged, so
// the console can wait as the specification's backoff guidance says.
let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack();
});
afterAll(async () => stack?.close());

const fault = (body: Record<string, unknown>) =>
  stack.sandboxControl('/_sandbox/faults', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 1, ...body }),
  });

describe('429 and 503 through the BFF', () => {
  it('passes a 429 with its Retry-After and problem body through unchanged, read or write', async () => {
    const token = await stack.token();
    for (const [method, path] of [
      ['GET', '/v1/authorizationStatus'],
      ['POST', '/v1/customsshipments'],
    ] as const) {
      expect((await fault({ status: 429, retryAfterSeconds: 7, pathPrefix: path })).status).toBe(204);
      const res = await stack.api(`/api${path}`, {
        method,
        token,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status, method).toBe(429);
      expect(res.headers.get('retry-after'), method).toBe('7');
      expect(res.headers.get('content-type'), method).toContain('application/problem+json');
      expect(problemOf(res).status, method).toBe(429);
    }
    const [row] = await stack.audit('/v1/customsshipments');
    expect(row).toMatchObject({ outcome: 'answered', upstreamStatus: 429, status: 429 });
  });

  it('passes a 503 with Retry-After through too', async () => {
    await fault({ status: 503, retryAfterSeconds: 3, pathPrefix: '/v1/authorizationStatus' });
    const res = await stack.api('/api/v1/authorizationStatus', { token: await stack.token() });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('3');
  });
});
