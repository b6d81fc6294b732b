import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** The private JWK, for oidc-provider's `jwks` option. */
  privateJwk: JWK;
}

/** Loads the sandbox's RS256 signing key from dataDir, generating it at first start. */
export async function loadOrCreateSigningKeys(dataDir: string, fileName = 'signing-key.json'): Promise<SigningKeys> {
  const file = join(dataDir, fileName);
  let privateJwk: JWK;
  if (existsSync(file)) {
    privateJwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } else {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    privateJwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(privateJwk), { mode: 0o600 });
  }
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  const privateKey = await importJWK(privateJwk, 'RS256');
  if (privateKey instanceof Uint8Array) throw new Error('signing key must be an asymmetric key');
  return { kid: privateJwk.kid ?? 'sandbox', privateKey, publicJwk, privateJwk };
}
