import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretsRepository } from '../store/secrets/secrets-repository.js';

/** How long a download URL works (sandbox default; the specification says only "temporary"). */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

/** The key of download URLs, in the database (every process signs alike); an earlier release's key file is adopted. */
export async function loadOrCreateUrlSecret(secrets: SecretsRepository, dataDir: string): Promise<Buffer> {
  const file = join(dataDir, 'download-url-secret');
  const stored = await secrets.getOrCreate('download-url-secret', () =>
    (existsSync(file) ? readFileSync(file) : randomBytes(32)).toString('base64'),
  );
  return Buffer.from(stored, 'base64');
}

/**
 * Temporary, signed download URLs. The URL itself is the credential (like a pre-signed
 * storage URL), so it names the tenant and attachment, carries its expiry and an HMAC over both.
 */
export class DownloadUrls {
  constructor(
    private readonly secret: Buffer,
    private readonly baseUrl: string,
    private readonly now: () => Date,
  ) {}

  private sign(tenantId: string, attachmentId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${tenantId}\n${attachmentId}\n${expires}`).digest('base64url');
  }

  create(tenantId: string, attachmentId: string, lifetimeSeconds = DOWNLOAD_URL_SECONDS): string {
    const expires = Math.floor(this.now().getTime() / 1000) + lifetimeSeconds;
    const query = new URLSearchParams({
      tenant: tenantId,
      expires: String(expires),
      signature: this.sign(tenantId, attachmentId, expires),
    });
    return `${this.baseUrl}/_downloads/${encodeURIComponent(attachmentId)}?${query.toString()}`;
  }

  /** 'ok', or why the URL is refused: tampered (bad signature) or expired. */
  check(tenantId: string, attachmentId: string, expires: string, signature: string): 'ok' | 'tampered' | 'expired' {
    const exp = Number(expires);
    if (!Number.isInteger(exp)) return 'tampered';
    const expected = Buffer.from(this.sign(tenantId, attachmentId, exp));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'tampered';
    return exp * 1000 < this.now().getTime() ? 'expired' : 'ok';
  }
}
