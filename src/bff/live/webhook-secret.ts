import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MetaRepository } from '../store/meta.js';

export const WEBHOOK_SECRET_FILE = 'webhook-secret';
/** bff_meta key of the generated secret on PostgreSQL. */
export const WEBHOOK_SECRET_KEY = 'webhook_secret';
/** The header the service sends the shared secret in (a subscription's additionalHeaders). */
export const WEBHOOK_SECRET_HEADER = 'X-Webhook-Secret';
const MIN_LENGTH = 16;

const hasCode = (e: unknown, code: string): boolean => e instanceof Error && 'code' in e && e.code === code;

const newSecret = (): string => randomBytes(32).toString('base64url');

/** The kept secret, or undefined when there is no file yet. */
function readSecret(file: string): string | undefined {
  let s: string;
  try {
    s = readFileSync(file, 'utf8').trim();
  } catch (e) {
    if (hasCode(e, 'ENOENT')) return undefined;
    throw e;
  }
  if (s.length < MIN_LENGTH)
    throw new Error(`${file} holds fewer than ${MIN_LENGTH} characters; delete it to have a new secret generated.`);
  return s;
}

/**
 * The configured WEBHOOK_SECRET, else the one kept in `${dataDir}/webhook-secret`, else a new
 * random one written there (mode 0600). Kept across restarts so the upstream subscriptions,
 * which carry it, stay valid.
 */
export function resolveWebhookSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = join(dataDir, WEBHOOK_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  try {
    // 'wx': two processes starting on one data dir agree on whichever secret was written first.
    writeFileSync(file, `${newSecret()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if (!hasCode(e, 'EEXIST')) throw e;
  }
  const written = readSecret(file);
  if (!written) throw new Error(`${file} could not be written.`);
  return written;
}

/**
 * Replicas on PostgreSQL: the configured WEBHOOK_SECRET, else the one kept in the database, else a
 * new random one stored there. Every replica must accept what the one set of subscriptions sends,
 * and their data dirs are their own; whichever replica stores first decides.
 */
export async function resolveSharedWebhookSecret(meta: MetaRepository, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const kept = await meta.putIfAbsent(WEBHOOK_SECRET_KEY, newSecret());
  if (kept.length < MIN_LENGTH)
    throw new Error(
      `bff_meta ${WEBHOOK_SECRET_KEY} holds fewer than ${MIN_LENGTH} characters; delete that row to have a new secret generated.`,
    );
  return kept;
}

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** Constant-time comparison: both sides are hashed first, so neither length nor content leaks through timing. */
export function secretMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Stored next to each subscription id, to notice a changed secret (the service masks header values on read). */
export const secretFingerprint = (secret: string): string => digest(`customs-console webhook secret:${secret}`).toString('hex');
