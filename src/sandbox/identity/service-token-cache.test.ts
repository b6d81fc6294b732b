import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENTS } from './demo-clients.js';
import { ServiceTokens } from './service-token.js';
import type { SigningKeys } from './signing-keys.js';

async function signingKeys(): Promise<SigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    kid: 'k1',
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' },
    privateJwk: await exportJWK(privateKey),
  };
}

const client = DEMO_CLIENTS[0];
if (!client) throw new Error('no demo client');

// A token accepted once is remembered; these check that remembering never widens what is accepted.
describe('verified service tokens', () => {
  it('refuses a remembered token once the sandbox clock passes its exp, and before its nbf', async () => {
    let now = Date.UTC(2026, 0, 1, 12);
    const tokens = new ServiceTokens(await signingKeys(), 'https://sandbox.test/', () => now, 60);
    const token = await tokens.issue(client);
    expect(await tokens.verify(token)).toMatchObject({ ok: true, principal: { clientId: client.clientId } });
    expect(await tokens.verify(token)).toMatchObject({ ok: true });
    now += 60_000;
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    now -= 120_000;
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('checks another token with the same claims but a forged signature in full', async () => {
    const tokens = new ServiceTokens(await signingKeys(), 'https://sandbox.test/');
    const token = await tokens.issue(client);
    expect(await tokens.verify(token)).toMatchObject({ ok: true });
    const [header, payload, signature = ''] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
    expect(await tokens.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
  });
});
