import { freePort } from '../../server-kit/test-support/free-port.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSandbox, type Sandbox, type SandboxOptions } from '../app.js';
import { parseSandboxConfig, type SandboxConfigInput } from '../config.js';
import { tokenResponseSchema } from '../../contract/oauth-token.js';
import { serviceScopeFor } from '../identity/demo-clients.js';
import { testDatabaseUrl } from '../../server-kit/database/test-databases.js';

export interface RunningSandbox extends Sandbox {
  url: string;
  dataDir: string;
  /** A client-credentials token of a demo client, fetched over HTTP like any client would. */
  token(clientId?: string): Promise<string>;
  /** fetch against the sandbox with a demo client's token. */
  call(path: string, init?: RequestInit & { clientId?: string }): Promise<Response>;
  /** fetch of a /_sandbox control with the admin token (JSON bodies: pass `json`). */
  control(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
  /** Stops the server but keeps dataDir, to restart on the same data. */
  stop(): Promise<void>;
}

/** The database of each data dir a test started, so a restart on the same data dir finds its data (PostgreSQL runs). */
const databaseOfDataDir = new Map<string, string | undefined>();

async function databaseUrlFor(dataDir: string): Promise<string | undefined> {
  if (!databaseOfDataDir.has(dataDir)) databaseOfDataDir.set(dataDir, await testDatabaseUrl());
  return databaseOfDataDir.get(dataDir);
}

/** fetch of a /_sandbox control of the sandbox at `url` with its admin token (tests, benches, scripts). */
export function sandboxControl(
  url: string,
  adminToken: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const { json, headers, ...rest } = init;
  const h = new Headers(headers);
  h.set('authorization', `Bearer ${adminToken}`);
  if (json !== undefined) h.set('content-type', 'application/json');
  return fetch(`${url}${path}`, { ...rest, headers: h, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
}

/**
 * Starts a real sandbox on a free port with a fresh data dir (or the given one), on the
 * integration engine (TEST_ENGINE=postgres: a new PostgreSQL database per data dir). Test
 * defaults: loopback webhook receivers allowed, no rate limit (tests that need them set them).
 */
export async function startSandbox(overrides: SandboxConfigInput = {}, options: SandboxOptions = {}): Promise<RunningSandbox> {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'sandbox-'));
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : await databaseUrlFor(dataDir);
  const probe = parseSandboxConfig({
    port: 0,
    logLevel: 'warn',
    allowLoopbackWebhooks: true,
    rateLimit: 0,
    ...overrides,
    dataDir,
    databaseUrl,
  });
  // Listen first on port 0 to learn the port, then build with the real public URL.
  const port = await freePort();
  const config = { ...probe, port, publicUrl: overrides.publicUrl ?? `http://localhost:${port}` };
  const sandbox = await buildSandbox(config, options);
  await sandbox.app.listen({ port, host: '127.0.0.1' });
  const url = `http://localhost:${port}`;
  const tokens = new Map<string, string>();
  const token = async (clientId = 'console-acc'): Promise<string> => {
    const cached = tokens.get(clientId);
    if (cached) return cached;
    const res = await fetch(`${url}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: `${clientId}-secret`,
        scope: serviceScopeFor(clientId),
      }),
    });
    if (!res.ok) throw new Error(`token request failed: ${res.status}`);
    const body = tokenResponseSchema.parse(await res.json());
    tokens.set(clientId, body.access_token);
    return body.access_token;
  };
  return {
    ...sandbox,
    url,
    dataDir,
    token,
    async call(path, init = {}) {
      const { clientId, headers, ...rest } = init;
      const h = new Headers(headers);
      if (!h.has('authorization')) h.set('authorization', `Bearer ${await token(clientId)}`);
      return fetch(`${url}${path}`, { ...rest, headers: h });
    },
    control: (path, init) => sandboxControl(url, sandbox.adminToken, path, init),
    async stop() {
      await sandbox.app.close();
    },
    async close() {
      await sandbox.app.close();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
