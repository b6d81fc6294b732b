import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretsRepository } from '../../store/secrets/secrets-repository.js';
import { z } from 'zod';

const keysSchema = z.array(z.string().min(32)).min(1);

/** The sign-in cookie keys, in the database (a session started at one process is valid at another); an earlier release's key file is adopted. */
export async function loadOrCreateCookieKeys(
  secrets: SecretsRepository,
  dataDir: string,
  fileName = 'oidc-cookie-keys.json',
): Promise<string[]> {
  const file = join(dataDir, fileName);
  const stored = await secrets.getOrCreate('oidc-cookie-keys', () =>
    existsSync(file) ? readFileSync(file, 'utf8') : JSON.stringify([randomBytes(32).toString('base64url')]),
  );
  return keysSchema.parse(JSON.parse(stored));
}
