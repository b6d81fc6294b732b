import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const keysSchema = z.array(z.string().min(32)).min(1);

/** Keys that sign the issuer's cookies, kept under dataDir so a restart does not invalidate sign-in sessions. */
export function loadOrCreateCookieKeys(dataDir: string, fileName = 'oidc-cookie-keys.json'): string[] {
  const file = join(dataDir, fileName);
  if (existsSync(file)) return keysSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const keys = [randomBytes(32).toString('base64url')];
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
