import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHealthSchema } from '../../contract/console-health.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

// Integration test (docs/architecture.md section 7): the real sandbox and a real BFF.

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider()]);
  bff = await startBff({ UPSTREAM_BASE_URL: sandbox.url, USER_ISSUER: idp.issuer, USER_JWKS_URL: idp.jwksUrl });
}, 60_000);

afterAll(async () => {
  await bff?.close();
  await Promise.all([sandbox?.close(), idp?.close()]);
});

describe('the console’s own health', () => {
  it('tells supervisors of the service token, the service’s answers of the last hour and the environment', async () => {
    const supervisor = await idp.token({ roles: ['supervisor'] });
    const clerk = await idp.token({ roles: ['clerk'] });
    expect((await fetch(`${bff.url}/api/v1/authorizationStatus`, { headers: { authorization: `Bearer ${clerk}` } })).status).toBe(200);
    expect((await fetch(`${bff.url}/api/health`, { headers: { authorization: `Bearer ${clerk}` } })).status).toBe(403);

    const res = await fetch(`${bff.url}/api/health`, { headers: { authorization: `Bearer ${supervisor}` } });
    expect(res.status).toBe(200);
    const health = consoleHealthSchema.parse(await res.json());
    expect(health).toMatchObject({
      environment: 'ACCEPTANCE',
      sandbox: true,
      token: { failuresInARow: 0, lastFailureAt: null },
      subscriptions: [],
      liveStreams: 0,
      upstream: { calls: 1, errors: 0, errorRate: 0 },
    });
    expect(Date.parse(health.token.lastObtainedAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(health.upstream.p50Ms).not.toBeNull();
  });
});
