import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../server-kit/database/engine.js';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';
import type { OidcRecord } from './oidc-repository.js';

const stores: SandboxStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

async function oidcOn(engine: Engine) {
  const { store } = await openTestStore(engine);
  stores.push(store);
  return store.repos.oidc;
}

const record = (over: Partial<OidcRecord> = {}): OidcRecord => ({
  payload: { jti: 'x', nested: { a: 1 } },
  grantId: null,
  userCode: null,
  uid: null,
  expiresAt: null,
  ...over,
});

describe.each(testEngines())('oidc repository on %s', (engine) => {
  it('finds records by id, uid and user code until they expire; upsert replaces', async () => {
    const oidc = await oidcOn(engine);
    await oidc.upsert('Session', 's1', record({ uid: 'u1', expiresAt: 1_000 }));
    await oidc.upsert('DeviceCode', 'd1', record({ userCode: 'ABCD', payload: { kind: 'DeviceCode' } }));

    expect(await oidc.find('Session', 'id', 's1', 999)).toEqual({ jti: 'x', nested: { a: 1 } });
    expect(await oidc.find('Session', 'uid', 'u1', 999)).toEqual({ jti: 'x', nested: { a: 1 } });
    expect(await oidc.find('Session', 'id', 's1', 1_000)).toBeUndefined();
    expect(await oidc.find('Grant', 'id', 's1', 0)).toBeUndefined();
    expect(await oidc.find('DeviceCode', 'userCode', 'ABCD', Number.MAX_SAFE_INTEGER)).toEqual({ kind: 'DeviceCode' });

    await oidc.upsert('Session', 's1', record({ payload: { jti: 'y' }, uid: 'u2', expiresAt: 5_000 }));
    expect(await oidc.find('Session', 'id', 's1', 2_000)).toEqual({ jti: 'y' });
    expect(await oidc.find('Session', 'uid', 'u1', 0)).toBeUndefined();
  });

  it('consumes, destroys, revokes a grant across models and purges what expired', async () => {
    const oidc = await oidcOn(engine);
    await oidc.upsert('AuthorizationCode', 'c1', record({ grantId: 'g1' }));
    await oidc.upsert('RefreshToken', 'r1', record({ grantId: 'g1' }));
    await oidc.upsert('RefreshToken', 'r2', record({ grantId: 'g2' }));
    await oidc.upsert('Session', 'old', record({ expiresAt: 10 }));
    await oidc.upsert('Session', 'kept', record({ expiresAt: 100 }));

    await oidc.consume('RefreshToken', 'r2', 1_700_000_000);
    expect(await oidc.find('RefreshToken', 'id', 'r2', 0)).toEqual({ jti: 'x', nested: { a: 1 }, consumed: 1_700_000_000 });
    await oidc.consume('RefreshToken', 'missing', 1);

    await oidc.revokeByGrantId('g1');
    expect(await oidc.find('AuthorizationCode', 'id', 'c1', 0)).toBeUndefined();
    expect(await oidc.find('RefreshToken', 'id', 'r1', 0)).toBeUndefined();
    await oidc.destroy('RefreshToken', 'r2');
    expect(await oidc.find('RefreshToken', 'id', 'r2', 0)).toBeUndefined();

    await oidc.purgeExpired(50);
    expect(await oidc.find('Session', 'id', 'old', 0)).toBeUndefined(); // gone, not just expired
    expect(await oidc.find('Session', 'id', 'kept', 0)).toEqual({ jti: 'x', nested: { a: 1 } });
  });
});
