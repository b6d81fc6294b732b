import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SLA_TARGETS, slaTargetsStateSchema } from '../../contract/sla-targets.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let replica: RunningBff;

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider()]);
  const env = {
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_CLIENT_SECRET: 'console-acc-secret',
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  };
  bff = await startBff(env);
  // A second process on the same database: what one replica stores, the other serves.
  replica = await startBff(env, { databaseUrl: bff.databaseUrl, dataDir: bff.dataDir });
});

afterAll(async () => {
  await replica?.close();
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const call = (url: string, token: string, init: RequestInit = {}) =>
  fetch(`${url}/api/sla-targets`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });

describe('service-level targets', () => {
  it('start at the defaults, are set by a supervisor with who and when, and are shared by replicas', async () => {
    const clerk = await idp.token({ roles: ['clerk'] });
    const supervisor = await idp.token({ roles: ['supervisor'], name: 'Sam Supervisor' });
    expect(slaTargetsStateSchema.parse(await (await call(bff.url, clerk)).json())).toEqual({
      targets: DEFAULT_SLA_TARGETS,
      updatedBy: null,
      updatedAt: null,
    });

    const targets = { ...DEFAULT_SLA_TARGETS, acceptanceMinutes: 10, releaseMinutes: 45 };
    const put = await call(bff.url, supervisor, { method: 'PUT', body: JSON.stringify(targets) });
    expect(put.status).toBe(200);
    const state = slaTargetsStateSchema.parse(await (await call(replica.url, clerk)).json());
    expect(state).toMatchObject({ targets, updatedBy: 'Sam Supervisor' });
  });

  it('are not for clerks to change, and refuse what is not a target', async () => {
    const clerk = await idp.token({ roles: ['clerk'] });
    const supervisor = await idp.token({ roles: ['supervisor'] });
    expect((await call(bff.url, clerk, { method: 'PUT', body: JSON.stringify(DEFAULT_SLA_TARGETS) })).status).toBe(403);
    for (const body of [{ ...DEFAULT_SLA_TARGETS, acceptanceMinutes: 0 }, { ...DEFAULT_SLA_TARGETS, extra: 1 }, { acceptanceMinutes: 5 }]) {
      const res = await call(bff.url, supervisor, { method: 'PUT', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });
});
