import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long a download URL works (sandbox default; the specification says only "temporary"). */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

/** Loads the HMAC secret for download links from dataDir, creating it at first start. */
export function loadOrCreateUrlSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'download-url-secret');
  if (existsSync(file)) return readFileSync(file);
  const secret = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
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
    const query = new URLSearchParams({ tenant: tenantId, expires: String(expires), signature: this.sign(tenantId, attachmentId, expires) });
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
