import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeIdentityProvider, USER_AUDIENCE, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { createUserTokenVerifier, type UserTokenVerifier } from './user-auth.js';
import { cacheVerifiedTokens } from './verified-token-cache.js';

let idp: FakeIdentityProvider;
let verify: UserTokenVerifier;
let checks = 0;

beforeAll(async () => {
  idp = await startFakeIdentityProvider();
  const full = createUserTokenVerifier({
    protocol: 'OIDC',
    issuer: idp.issuer,
    jwksUrl: idp.jwksUrl,
    audience: USER_AUDIENCE,
    spaClientId: 'customs-console',
    spaScopes: ['api://customs-console/access_as_user'],
    entraAuthority: undefined,
    idpOrigin: new URL(idp.issuer).origin,
  });
  // The real check (signature, issuer, audience, expiry), counted.
  verify = async (token) => {
    checks++;
    return full(token);
  };
});
afterAll(async () => idp.close());

const refusal = async (promise: Promise<unknown>): Promise<number | undefined> =>
  promise.then(
    () => undefined,
    (e: unknown) => (e instanceof ProblemError ? e.init.status : undefined),
  );

describe('verified user tokens, remembered until they expire', () => {
  it('checks a token once in full, then accepts the same token without checking it again', async () => {
    const cached = cacheVerifiedTokens(verify);
    const token = await idp.token({ sub: 'clara', roles: ['clerk'] });
    checks = 0;
    const users = await Promise.all(Array.from({ length: 5 }, () => cached(token)));
    await cached(token);
    expect(users.every((u) => u.sub === 'clara' && u.roles.join() === 'clerk')).toBe(true);
    expect(checks).toBeLessThanOrEqual(5);
    const before = checks;
    await cached(token);
    expect(checks).toBe(before);
  });

  it('checks every other token on its own', async () => {
    const cached = cacheVerifiedTokens(verify);
    checks = 0;
    const supervisor = await cached(await idp.token({ sub: 'sam', roles: ['supervisor'] }));
    const analyst = await cached(await idp.token({ sub: 'ana', roles: ['analyst'] }));
    expect([supervisor.sub, analyst.sub, checks]).toEqual(['sam', 'ana', 2]);
  });

  it('never remembers a refused token: a forgery or an expired token is checked and refused each time', async () => {
    const cached = cacheVerifiedTokens(verify);
    const forged = `${(await idp.token()).slice(0, -4)}AAAA`;
    const expired = await idp.token({ expiresIn: -120 });
    checks = 0;
    for (let i = 0; i < 2; i++) {
      expect(await refusal(cached(forged))).toBe(401);
      expect(await refusal(cached(expired))).toBe(401);
      expect(await refusal(cached(idp.unsignedToken()))).toBe(401);
    }
    expect(checks).toBe(6);
  });

  it('checks a token again once its exp has passed', async () => {
    let now = Date.now();
    const cached = cacheVerifiedTokens(verify, { now: () => now });
    const token = await idp.token({ expiresIn: 60 });
    checks = 0;
    await cached(token);
    now += 59_000;
    await cached(token);
    expect(checks).toBe(1);
    now += 2_000;
    await cached(token);
    expect(checks).toBe(2);
  });

  it('keeps at most maxEntries tokens, dropping the oldest', async () => {
    const cached = cacheVerifiedTokens(verify, { maxEntries: 2 });
    const [a, b, c] = await Promise.all([idp.token({ sub: 'a' }), idp.token({ sub: 'b' }), idp.token({ sub: 'c' })]);
    checks = 0;
    for (const token of [a, b, c, c, b]) await cached(token);
    expect(checks).toBe(3);
    await cached(a);
    expect(checks).toBe(4);
  });
});
