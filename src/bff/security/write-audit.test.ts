import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_UNKNOWN_AFTER_MS } from '../store/audit-log.js';
import { startBff } from '../test-support/start-bff.js';
import { problemOf, startSecurityStack, type SecurityStack } from '../test-support/security-stack.js';

// Issue 11, hole 5: refused writes (403) left no audit row, and a write the service took while the
// BFF crashed before auditing was not audited. Now the intent is written before forwarding and
// completed after; refusals are audited; an intent never completed reads "unknown".
let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack();
});
afterAll(async () => stack?.close());

const json = { 'content-type': 'application/json' };

describe('audit of writes', () => {
  it('audits a write the role does not allow (403), with who, what and the refusal', async () => {
    const res = await stack.api('/api/v1/subscriptions', {
      method: 'POST',
      token: await stack.token({ sub: 'clerk-7', roles: ['clerk'] }),
      headers: json,
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(problemOf(res).status).toBe(403);
    const [row] = (await stack.audit('/v1/subscriptions')).filter((e) => e.sub === 'clerk-7');
    expect(row).toMatchObject({
      method: 'POST',
      role: 'clerk',
      operation: 'POST /v1/subscriptions',
      outcome: 'refused',
      status: 403,
      upstreamStatus: null,
    });
  });

  it('writes the intent before forwarding (pending while the service has the call) and completes it after', async () => {
    await stack.sandboxControl('/_sandbox/faults', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ latencyMs: 1_500, count: 1, pathPrefix: '/v1/customsshipments' }),
    });
    const token = await stack.token({ sub: 'slow-writer', roles: ['clerk'] });
    const answered = stack.api('/api/v1/customsshipments', { method: 'POST', token, headers: json, body: '{}' });
    const mine = async () => (await stack.audit('/v1/customsshipments')).filter((e) => e.sub === 'slow-writer');
    await expect.poll(async () => (await mine())[0]?.outcome, { timeout: 10_000, interval: 50 }).toBe('pending');
    const res = await answered;
    expect(res.status).toBe(400);
    const rows = await mine();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'answered', upstreamStatus: 400, status: 400 });
  });

  it('shows an intent its BFF never completed (a crash while the service had the call) as outcome unknown', async () => {
    // What a BFF killed between forwarding and completing leaves behind.
    const crashedAt = new Date(Date.now() - PENDING_UNKNOWN_AFTER_MS - 60_000).toISOString();
    await stack.bff.audit.begin({
      time: crashedAt,
      sub: 'crashed',
      name: 'C',
      role: 'clerk',
      method: 'POST',
      path: '/v1/customsshipments',
      operation: 'POST /v1/customsshipments',
      requestId: 'r-crash',
    });
    const [row] = (await stack.audit('/v1/customsshipments')).filter((e) => e.sub === 'crashed');
    expect(row).toMatchObject({ outcome: 'unknown', status: null, upstreamStatus: null });
  });

  it('audits an unreachable service as such, with the 502 the browser got', async () => {
    // A BFF whose service is unreachable (nothing listens on port 9), beside the stack's identity provider.
    const down = await startBff({ ...stack.env(), UPSTREAM_BASE_URL: 'http://127.0.0.1:9' });
    try {
      const res = await fetch(`${down.url}/api/v1/customsshipments`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${await stack.token({ sub: 'to-nowhere' })}` },
        body: '{}',
      });
      expect(res.status).toBe(502);
      const list = await fetch(`${down.url}/api/audit?path=/v1/customsshipments`, {
        headers: { authorization: `Bearer ${await stack.token()}` },
      });
      expect(await list.json()).toMatchObject({
        entries: [{ sub: 'to-nowhere', outcome: 'unreachable', status: 502, upstreamStatus: null }],
      });
    } finally {
      await down.close();
    }
  });
});
