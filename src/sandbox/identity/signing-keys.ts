import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretsRepository } from '../store/secrets/secrets-repository.js';
import { randomUUID } from 'node:crypto';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** The private JWK, for oidc-provider's `jwks` option. */
  privateJwk: JWK;
}

/**
 * The sandbox's token signing key, kept in its database (shared by every process on it). A key
 * file left by an earlier release under dataDir is adopted, so tokens it issued stay valid.
 */
export async function loadOrCreateSigningKeys(
  secrets: SecretsRepository,
  dataDir: string,
  fileName = 'signing-key.json',
): Promise<SigningKeys> {
  const file = join(dataDir, fileName);
  const stored = await secrets.getOrCreate('signing-key', async () => {
    if (existsSync(file)) return readFileSync(file, 'utf8');
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return JSON.stringify({ ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' });
  });
  const privateJwk = JSON.parse(stored) as JWK;
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  const privateKey = await importJWK(privateJwk, 'RS256');
  if (privateKey instanceof Uint8Array) throw new Error('signing key must be an asymmetric key');
  return { kid: privateJwk.kid ?? 'sandbox', privateKey, publicJwk, privateJwk };
}
