import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxEventListSchema } from '../../contract/live.js';
import { testDatabaseUrl } from '../../server-kit/database/test-databases.js';
import { freePort } from '../../server-kit/test-support/free-port.js';
import { untilHealthy } from '../../server-kit/test-support/until-healthy.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';

// Issue 11, crash tests: kill -9 of the BFF during a webhook flood, restart on the same data: every
// event the BFF acknowledged (2xx) is in the inbox exactly once, whatever was in flight at the kill.
const SECRET = 'crash-test-webhook-secret-0123456789';
const DECLARATIONS = 8;

let idp: FakeIdentityProvider;
let dataDir: string;
let databaseUrl: string | undefined;
let port: number;
const children: ChildProcess[] = [];

beforeAll(async () => {
  [idp, port, databaseUrl] = await Promise.all([startFakeIdentityProvider(), freePort(), testDatabaseUrl()]);
  dataDir = mkdtempSync(join(tmpdir(), 'bff-crash-'));
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await idp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The BFF as its own process (`npm run bff`), so it can be killed outright. The service is unreachable: the receiver needs none. */
async function startBffProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bff/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      UPSTREAM_BASE_URL: 'http://127.0.0.1:9',
      USER_ISSUER: idp.issuer,
      USER_JWKS_URL: idp.jwksUrl,
      WEBHOOK_SECRET: SECRET,
      LIVE_EVENTS: 'on',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(child, url, 60_000);
  return { url, child };
}

const envelope = (n: number) => ({
  id: `flood-${n}`,
  tenantId: 't-acc-001',
  eventTime: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)).toISOString(),
  eventType: 'DeclarationStatusChanged',
  eventSubType: 'Released',
  data: { id: `crash-d-${n % DECLARATIONS}` },
});

/** One signed delivery, as the service sends it; true when the BFF acknowledged it (2xx). */
const deliver = (url: string, n: number): Promise<boolean> =>
  fetch(`${url}/webhooks/customs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
    body: JSON.stringify(envelope(n)),
  }).then(
    (r) => r.ok,
    () => false,
  );

describe('kill -9 of the BFF during a webhook flood', () => {
  it('keeps every acknowledged event exactly once across the crash and a restart on the same data', async () => {
    const first = await startBffProcess();
    const acknowledged = new Set<number>();
    let next = 0;
    let killed = false;
    // Eight senders in parallel, each posting until the process is gone.
    const sender = async (): Promise<void> => {
      while (!killed) {
        const n = next++;
        if (await deliver(first.url, n)) acknowledged.add(n);
      }
    };
    const senders = Array.from({ length: 8 }, sender);
    await expect.poll(() => acknowledged.size, { timeout: 60_000, interval: 20 }).toBeGreaterThan(300);
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(senders);
    if (first.child.exitCode === null && first.child.signalCode === null) await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startBffProcess();
    // The service retries what was not acknowledged and may send some twice: re-deliver a few acknowledged ones.
    for (const n of [...acknowledged].slice(0, 20)) expect(await deliver(second.url, n)).toBe(true);

    const token = await idp.token({ roles: ['clerk'] });
    const stored = new Map<string, number>();
    for (let d = 0; d < DECLARATIONS; d++) {
      const res = await fetch(`${second.url}/api/events?declarationId=crash-d-${d}&limit=500`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      for (const e of inboxEventListSchema.parse(await res.json()).events) stored.set(e.event.id, (stored.get(e.event.id) ?? 0) + 1);
    }
    const missing = [...acknowledged].filter((n) => !stored.has(`flood-${n}`));
    expect(missing).toEqual([]);
    expect([...stored.values()].every((count) => count === 1)).toBe(true);
    second.child.kill('SIGKILL');
  }, 180_000);
});
