import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../contract/problem.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { ADMIN_TOKEN_FILE, sameToken } from './admin-token.js';

/** Hole 1 (issue 11): the /_sandbox controls answered anyone; a reset wiped every tenant's data. */
describe('sandbox controls require the admin token', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ seed: false });
  });
  afterAll(() => sb.close());

  const subscriptionCount = async (): Promise<number> => ((await (await sb.call('/v1/subscriptions')).json()) as unknown[]).length;

  it('refuses a reset without a token (401) or with a wrong one (403), and nothing is reset', async () => {
    const created = await sb.call('/v1/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        eventType: 'DeclarationStatusChanged',
        subscriptionDestination: { destinationType: 'OAuthApiDestination' },
        destinationDescription: { destinationUrl: 'https://receiver.example/hook' },
      }),
    });
    expect(created.status).toBe(201);
    const before = await subscriptionCount();

    const anonymous = await fetch(`${sb.url}/_sandbox/reset`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(anonymous.headers.get('content-type')).toContain('application/problem+json');
    expect(problemSchema.parse(await anonymous.json()).status).toBe(401);

    const wrong = await fetch(`${sb.url}/_sandbox/reset`, { method: 'POST', headers: { authorization: `Bearer ${sb.adminToken}x` } });
    expect(wrong.status).toBe(403);
    const serviceToken = await fetch(`${sb.url}/_sandbox/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await sb.token()}` },
    });
    expect(serviceToken.status).toBe(403);
    expect(await subscriptionCount()).toBe(before);
  });

  it('guards every control, however its path is spelt', async () => {
    for (const [method, path] of [
      ['PUT', '/_sandbox/faults'],
      ['DELETE', '/_sandbox/faults'],
      ['PUT', '/_sandbox/tenants/t-acc-001/credits'],
      ['GET', '/_sandbox/deliveries'],
      ['GET', '/_sandbox/formulas/X'],
      ['GET', '/_sandbox/formula-messages/X'],
      ['GET', '/_sandbox/master-data-messages/X'],
      ['GET', '/_sandbox/materiallists/X'],
      ['POST', '/_sandbox/movementorders/X/invalidate'],
      ['POST', '/%5Fsandbox/reset'],
      ['POST', '/%5fsandbox/reset'],
      ['POST', '//_sandbox/reset'],
      ['POST', '/_sandbox/reset/'],
      ['POST', '/_sandbox%2Freset'],
    ] as const) {
      const res = await fetch(`${sb.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      expect([401, 404], `${method} ${path}`).toContain(res.status);
    }
    // The one that matters answers 401, not 404: a guarded route, not a missing one.
    expect((await fetch(`${sb.url}/_sandbox/deliveries`)).status).toBe(401);
  });

  it('accepts the token and keeps a copy readable by the owner only', async () => {
    expect((await sb.control('/_sandbox/faults', { method: 'DELETE' })).status).toBe(204);
    const file = join(sb.dataDir, ADMIN_TOKEN_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(sb.adminToken);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('keeps the generated token across a restart on the same data', async () => {
    const dataDir = sb.dataDir;
    const first = await startSandbox({ seed: false, dataDir });
    await first.stop();
    const second = await startSandbox({ seed: false, dataDir });
    try {
      expect(second.adminToken).toBe(first.adminToken);
      expect(second.adminToken).toBe(sb.adminToken);
    } finally {
      await second.stop();
    }
  });

  it('uses SANDBOX_ADMIN_TOKEN when set', async () => {
    const configured = await startSandbox({ seed: false, adminToken: 'a-configured-admin-token-1234' });
    try {
      expect(configured.adminToken).toBe('a-configured-admin-token-1234');
      expect(
        (
          await fetch(`${configured.url}/_sandbox/faults`, {
            method: 'DELETE',
            headers: { authorization: 'Bearer a-configured-admin-token-1234' },
          })
        ).status,
      ).toBe(204);
    } finally {
      await configured.close();
    }
  });

  it('compares tokens of any length without throwing', () => {
    expect(sameToken('a', 'a')).toBe(true);
    expect(sameToken('a', 'ab')).toBe(false);
    expect(sameToken('', 'ab')).toBe(false);
  });
});
