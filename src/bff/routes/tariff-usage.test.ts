import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tariffUsageSchema } from '../../contract/tariff.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

/** Which declarations and classification items use a code: read from the seeded sandbox through the BFF. */
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox(), startFakeIdentityProvider()]);
  bff = await startBff({
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_CLIENT_SECRET: 'console-acc-secret',
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  });
}, 60_000);

afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const usage = async (code: string, roles: string[]) => {
  const res = await fetch(`${bff.url}/api/tariff/codes/${code}/usage`, {
    headers: { authorization: `Bearer ${await idp.token({ roles })}` },
  });
  return { status: res.status, body: res.status === 200 ? tariffUsageSchema.parse(await res.json()) : undefined };
};

describe('GET /api/tariff/codes/{code}/usage', () => {
  it('lists the declarations whose goods items use the code or a code below it, saying how many were read', async () => {
    const { status, body } = await usage('6109', ['clerk']);
    expect(status).toBe(200);
    expect(body?.declarations.scanned).toBeGreaterThan(0);
    expect(body?.declarations.matches.length).toBeGreaterThan(0);
    for (const m of body?.declarations.matches ?? []) for (const item of m.items) expect(item.code.startsWith('6109')).toBe(true);
    // A clerk does not read classification items.
    expect(body?.classificationItems).toBeNull();
  });

  it('adds the classification items with an assigned code under it for an analyst', async () => {
    const { body } = await usage('2208', ['analyst']);
    expect(body?.classificationItems?.matches.map((m) => m.externalReference)).toContain('SKU-10003');
    expect(body?.classificationItems?.matches.find((m) => m.externalReference === 'SKU-10003')?.codes).toEqual([
      { jurisdiction: 'EU', code: '22083071' },
    ]);
  });

  it('takes digits only', async () => {
    expect((await usage('XI', ['clerk'])).status).toBe(400);
  });
});
