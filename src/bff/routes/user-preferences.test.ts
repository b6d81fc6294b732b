import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../contract/problem.js';
import { userPreferencesSchema } from '../../contract/user-preferences.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

// Integration test: two BFF processes on one database (PostgreSQL with TEST_ENGINE=postgres: two replicas); no service call is made.
let idp: FakeIdentityProvider;
let a: RunningBff;
let b: RunningBff;
let clara: string;
let colin: string;

beforeAll(async () => {
  idp = await startFakeIdentityProvider();
  const env = { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', USER_ISSUER: idp.issuer, USER_JWKS_URL: idp.jwksUrl };
  a = await startBff(env);
  b = await startBff(env, { databaseUrl: a.databaseUrl, dataDir: a.dataDir });
  [clara, colin] = await Promise.all([
    idp.token({ sub: 'clara', name: 'Clara Clerk', roles: ['clerk'] }),
    idp.token({ sub: 'colin', name: 'Colin Analyst', roles: ['analyst'] }),
  ]);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await idp?.close();
});

const preferences = (bff: RunningBff, token: string, put?: unknown) =>
  fetch(`${bff.url}/api/me/preferences`, {
    method: put === undefined ? 'GET' : 'PUT',
    headers: { authorization: `Bearer ${token}`, ...(put === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(put === undefined ? {} : { body: JSON.stringify(put) }),
  });
const languageOf = async (bff: RunningBff, token: string) =>
  userPreferencesSchema.parse(await (await preferences(bff, token)).json()).language;

describe('a user’s own preferences', () => {
  it('keeps the language a user chose for them alone, on every replica', async () => {
    expect(await languageOf(a, clara)).toBeNull();
    const put = await preferences(a, clara, { language: 'nl' });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ language: 'nl' });
    expect(await languageOf(b, clara)).toBe('nl');
    expect(await languageOf(a, colin)).toBeNull();
    expect((await preferences(b, clara, { language: 'fr' })).status).toBe(200);
    expect(await languageOf(a, clara)).toBe('fr');
  });

  it('refuses a language the console does not speak, or anything else, with a problem naming the field', async () => {
    for (const body of [{ language: 'es' }, { language: 'nl', theme: 'dark' }, {}]) {
      const res = await preferences(a, colin, body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(problemSchema.parse(await res.json()).status).toBe(400);
    }
    expect(await languageOf(a, colin)).toBeNull();
    expect((await fetch(`${a.url}/api/me/preferences`)).status).toBe(401);
  });
});
