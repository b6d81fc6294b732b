import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Scope } from '../../contract/scopes.js';
import { DEMO_CLIENTS, type DemoClient } from '../identity/demo-clients.js';
import type { SecretsRepository } from '../store/secrets/secrets-repository.js';

/**
 * FTPS users are the demo clients (user name = client id), each with its own FTPS password:
 * generated once and kept with the sandbox's other secrets, so every process on the database
 * accepts it and a reset keeps it. `npm start` prints them; see src/sandbox/README.md.
 */
export async function ftpsPassword(secrets: SecretsRepository, clientId: string): Promise<string> {
  return secrets.getOrCreate(`ftps-password:${clientId}`, () => randomBytes(12).toString('base64url'));
}

export async function ftpsPasswords(secrets: SecretsRepository): Promise<{ clientId: string; tenantId: string; password: string }[]> {
  const out = [];
  for (const c of DEMO_CLIENTS) out.push({ clientId: c.clientId, tenantId: c.tenantId, password: await ftpsPassword(secrets, c.clientId) });
  return out;
}

/** The demo client whose FTPS credentials these are, or undefined. */
export async function ftpsLogin(secrets: SecretsRepository, username: string, password: string): Promise<DemoClient | undefined> {
  const client = DEMO_CLIENTS.find((c) => c.clientId === username);
  if (!client) return undefined;
  const expected = Buffer.from(await ftpsPassword(secrets, client.clientId));
  const given = Buffer.from(password);
  return expected.length === given.length && timingSafeEqual(expected, given) ? client : undefined;
}

export const hasScope = (client: DemoClient, scope: Scope): boolean => client.scopes.includes(scope);
