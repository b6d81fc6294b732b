import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES } from '../proxy/body-handling.js';
import { problemOf, startSecurityStack, type SecurityStack } from '../test-support/security-stack.js';

// Issue 11, hole 4: a body over the limit through the BFF answered 502 "could not be reached" and
// its audit row had no status. Now: 413 problem, audited with the status, nothing forwarded.
let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack();
});
afterAll(async () => stack?.close());

const SHIPMENTS = '/api/v1/customsshipments';

describe('request bodies over the limit', () => {
  it('answers 413 with a problem document for a declared length over the limit, and audits it with the status', async () => {
    const res = await stack.api(SHIPMENTS, {
      method: 'POST',
      token: await stack.token({ sub: 'big-sender', roles: ['clerk'] }),
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(MAX_REQUEST_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(problemOf(res).detail).toMatch(/larger than 10 MiB/);
    const [row] = (await stack.audit('/v1/customsshipments')).filter((e) => e.sub === 'big-sender');
    expect(row).toMatchObject({ method: 'POST', outcome: 'refused', status: 413, upstreamStatus: null });
  });

  it('answers 413 for a chunked body that grows past the limit while it streams', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_REQUEST_BODY_BYTES) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    // A streamed request body needs duplex: 'half' (Node's fetch; not in the DOM RequestInit type).
    const init = {
      method: 'POST',
      token: await stack.token({ sub: 'chunked-sender', roles: ['clerk'] }),
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    };
    const res = await stack.api(SHIPMENTS, init);
    expect(res.status).toBe(413);
    expect(problemOf(res).status).toBe(413);
    const [row] = (await stack.audit('/v1/customsshipments')).filter((e) => e.sub === 'chunked-sender');
    expect(row).toMatchObject({ outcome: 'refused', status: 413, upstreamStatus: null });
  });

  it('still forwards a body just under the limit (the service decides about it)', async () => {
    const res = await stack.api(SHIPMENTS, {
      method: 'POST',
      token: await stack.token({ roles: ['clerk'] }),
      headers: { 'content-type': 'application/json' },
      body: `"${'x'.repeat(1024 * 1024)}"`,
    });
    expect(res.status).toBe(400);
  });
});
