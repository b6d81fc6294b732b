import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSearchResultSchema } from '../../contract/assignments.js';
import { declarationSearchResultSchema } from '../../contract/declarations.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { invalidParameterNames } from '../../sandbox/test-support/problem-names.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

// Integration test: the real sandbox (seeded) and the real BFF; the owner filter of the declarations search.
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let clara: string;
let sam: string;
let invalid: string[];

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox(), startFakeIdentityProvider()]);
  bff = await startBff({
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_CLIENT_SECRET: 'console-acc-secret',
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  });
  [clara, sam] = await Promise.all([
    idp.token({ sub: 'clara', name: 'Clara Clerk', roles: ['clerk'] }),
    idp.token({ sub: 'sam', name: 'Sam Supervisor', roles: ['supervisor'] }),
  ]);
  invalid = declarationSearchResultSchema
    .parse(await (await sandbox.call('/v1/declarations/search?currentStatus=Invalid&limit=100')).json())
    .map((d) => d.declarationId);
  expect(invalid.length).toBeGreaterThan(5);
  for (const id of [invalid[1], invalid[3]]) {
    const res = await fetch(`${bff.url}/api/assignments/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${clara}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ownerSub: 'clara' }),
    });
    expect(res.status).toBe(200);
  }
});

afterAll(async () => {
  await bff?.close();
  await Promise.all([idp?.close(), sandbox?.close()]);
});

const byOwner = async (token: string, query: string) => {
  const res = await fetch(`${bff.url}/api/declarations/by-owner?${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ownerSearchResultSchema.parse(await res.json());
};

describe('GET /api/declarations/by-owner', () => {
  it("finds the signed-in user's declarations among those matching the other filters, in the service's order", async () => {
    const mine = await byOwner(clara, 'owner=me&currentStatus=Invalid&limit=25');
    expect(mine.declarations.map((d) => d.declarationId)).toEqual([invalid[1], invalid[3]]);
    expect(mine.complete).toBe(true);
    // The same two when a supervisor asks for Clara's; none of hers is Released.
    expect((await byOwner(sam, 'owner=clara&currentStatus=Invalid&limit=25')).declarations).toHaveLength(2);
    expect((await byOwner(sam, 'owner=clara&currentStatus=Released&limit=25')).declarations).toEqual([]);
    // Nobody else owns anything.
    expect(await byOwner(sam, 'owner=someone-else&limit=25')).toEqual({ declarations: [], complete: true, scanned: 0 });
  });

  it('lists the unassigned ones page by page, exactly the service search without the owned ones', async () => {
    const unowned = invalid.filter((id) => id !== invalid[1] && id !== invalid[3]);
    const first = await byOwner(sam, 'owner=unassigned&currentStatus=Invalid&limit=25');
    expect(first.declarations.map((d) => d.declarationId)).toEqual(unowned.slice(0, 25));
    const second = await byOwner(sam, 'owner=unassigned&currentStatus=Invalid&limit=25&offset=25');
    expect(second.declarations.map((d) => d.declarationId)).toEqual(unowned.slice(25, 50));
  });

  it('refuses a missing owner or paging the service would refuse, naming the parameter', async () => {
    for (const [query, name] of [
      ['currentStatus=Invalid', 'owner'],
      ['owner=me&limit=25&offset=10', 'offset'],
      ['owner=me&direction=SIDEWAYS', 'direction'],
    ] as const) {
      const res = await fetch(`${bff.url}/api/declarations/by-owner?${query}`, { headers: { authorization: `Bearer ${clara}` } });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await invalidParameterNames(res)).toContain(name);
    }
    expect((await fetch(`${bff.url}/api/declarations/by-owner?owner=me`)).status).toBe(401);
  });
});
