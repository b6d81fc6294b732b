import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdMovementOrderListSchema, movementOrderSchema } from '../../contract/movement-orders.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

/** The console's list of movement orders it sent: recorded by the proxy on the 202, served by GET /api/movement-orders. */
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider()]);
  bff = await startBff({
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_CLIENT_SECRET: 'console-acc-secret',
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  });
});

afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const line = (i: number) => ({ itemId: `ITEM-${i}`, direction: 'Out', quantity: 1 + (i % 7), uom: 'KGM' });
const movement = (externalReference: string, movementType: string, lines: number) => ({
  timestamp: '2026-02-01T08:00:00Z',
  externalReference,
  movementType,
  movementLines: Array.from({ length: lines }, (_, i) => line(i)),
});

async function send(token: string, body: unknown): Promise<Response> {
  return fetch(`${bff.url}/api/v1/movementorders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('movement orders created from this console', () => {
  it('lists each accepted message with who, types and line count, newest first; a large message too; its orders exist', async () => {
    const clerk = await idp.token({ roles: ['clerk'], name: 'Clara Clerk' });
    const small = await send(clerk, { movements: [movement('LIST-1', 'RFFC', 3), movement('LIST-2', 'PROC', 2)] });
    expect(small.status).toBe(202);
    // 9,999 lines: about 0.6 MB, past the proxy's usual 256 KB buffer.
    const large = await send(clerk, { movements: [movement('LIST-3', 'UFOH', 9999)] });
    expect(large.status).toBe(202);
    const rejected = await send(clerk, { movements: [] });
    expect(rejected.status).toBe(400);

    const res = await fetch(`${bff.url}/api/movement-orders?limit=10`, { headers: { authorization: `Bearer ${clerk}` } });
    expect(res.status).toBe(200);
    const { orders } = createdMovementOrderListSchema.parse(await res.json());
    expect(
      orders.map(({ externalReferences, movementTypes, lineCount, name }) => ({ externalReferences, movementTypes, lineCount, name })),
    ).toEqual([
      { externalReferences: ['LIST-3'], movementTypes: ['UFOH'], lineCount: 9999, name: 'Clara Clerk' },
      { externalReferences: ['LIST-1', 'LIST-2'], movementTypes: ['RFFC', 'PROC'], lineCount: 5, name: 'Clara Clerk' },
    ]);
    const first = orders[1];
    const order = await fetch(`${bff.url}/api/v1/movementorders/${first?.referenceId ?? ''}-2`, {
      headers: { authorization: `Bearer ${clerk}` },
    });
    expect(movementOrderSchema.parse(await order.json()).externalReference).toBe('LIST-2');
  });

  it('is for the roles that work with movement orders, and checks its query', async () => {
    const analyst = await idp.token({ roles: ['analyst'] });
    expect((await fetch(`${bff.url}/api/movement-orders`, { headers: { authorization: `Bearer ${analyst}` } })).status).toBe(403);
    const supervisor = await idp.token({ roles: ['supervisor'] });
    expect((await fetch(`${bff.url}/api/movement-orders`, { headers: { authorization: `Bearer ${supervisor}` } })).status).toBe(200);
    const bad = await fetch(`${bff.url}/api/movement-orders?limit=0`, { headers: { authorization: `Bearer ${supervisor}` } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });
});
