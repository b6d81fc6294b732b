import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../http/problem.js';
import type { SecretsRepository } from '../store/secrets/secrets-repository.js';

/** Path prefix of the sandbox's own controls (reset, faults, credits, debugging views). */
export const CONTROLS_PREFIX = '/_sandbox';

/** File under DATA_DIR holding a copy of the generated token, for scripts and curl (owner-only). */
export const ADMIN_TOKEN_FILE = 'sandbox-admin-token';

/**
 * The controls' bearer token: SANDBOX_ADMIN_TOKEN when set; otherwise generated once into the
 * sandbox's secrets (every process on one database shares it; a reset keeps it) and copied to
 * DATA_DIR/sandbox-admin-token with mode 0600.
 */
export async function loadOrCreateAdminToken(secrets: SecretsRepository, dataDir: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const token = await secrets.getOrCreate('sandbox-admin-token', () => randomBytes(32).toString('base64url'));
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, ADMIN_TOKEN_FILE), `${token}\n`, { mode: 0o600 });
  return token;
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Constant-time comparison: both sides hashed to one length first, so neither length nor prefix leaks. */
export function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** True for a path under /_sandbox however it is spelt (percent-encoding, doubled slashes). */
function isControlPath(rawUrl: string): boolean {
  const path = rawUrl.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Undecodable: judged as sent.
  }
  const squashed = decoded.replace(/\/{2,}/g, '/');
  return squashed === CONTROLS_PREFIX || squashed.startsWith(`${CONTROLS_PREFIX}/`);
}

/**
 * Every /_sandbox route requires `Authorization: Bearer <admin token>`: 401 without a bearer
 * token, 403 with a wrong one. Judged on the matched route as well as the raw path, so no
 * spelling of the path slips past.
 */
export function requireAdminToken(app: FastifyInstance, token: string): void {
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith(`${CONTROLS_PREFIX}/`) && !isControlPath(request.url)) return;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      reply.header('www-authenticate', 'Bearer realm="sandbox-controls"');
      return sendProblem(request, reply, {
        status: 401,
        detail:
          'The sandbox controls require Authorization: Bearer <sandbox admin token> (SANDBOX_ADMIN_TOKEN, or DATA_DIR/sandbox-admin-token).',
      });
    }
    if (!sameToken(match[1], token)) return sendProblem(request, reply, { status: 403, detail: 'The sandbox admin token is not valid.' });
  });
}
