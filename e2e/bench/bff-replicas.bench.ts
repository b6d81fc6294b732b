import { freePort } from '../../src/server-kit/test-support/free-port.js';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../../src/server-kit/database/test-databases.js';
import { startFakeIdentityProvider } from '../../src/bff/test-support/fake-identity-provider.js';
import { startSandbox } from '../../src/sandbox/test-support/start-sandbox.js';
import type { Bench, BenchResult } from './bench-types.js';

const CONNECTIONS = 20;
const DURATION_S = 10;
const PATH = '/api/v1/declarations/search?limit=20';

/** A BFF replica as its own process (`npm run bff`), as a deployment runs it. */
async function startReplica(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bff/server.ts'], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('BFF replica did not start');
}

/** Runs autocannon against every url at once (as a round-robin load balancer spreads the connections) and sums. */
async function load(urls: string[], token: string): Promise<{ rps: number; p99: number }> {
  const runs = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}${PATH}`,
        connections: CONNECTIONS / urls.length,
        duration: DURATION_S,
        headers: { authorization: `Bearer ${token}` },
      }),
    ),
  );
  const bad = runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
  if (bad > 0) throw new Error(`${bad} requests failed`);
  return { rps: runs.reduce((n, r) => n + r.requests.average, 0), p99: Math.max(...runs.map((r) => r.latency.p99)) };
}

/** BFF requests per second with one and with two replicas on one PostgreSQL database. */
export const bench: Bench = {
  title: 'BFF replicas on PostgreSQL',
  async run(): Promise<BenchResult[]> {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) {
      return [
        {
          name: 'replicas',
          value: 0,
          unit: '-',
          note: 'not measured: set TEST_DATABASE_URL (eval "$(bash scripts/test-postgres.sh start)")',
        },
      ];
    }
    const idp = await startFakeIdentityProvider();
    const sandbox = await startSandbox({ logLevel: 'silent' });
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-bff-'));
    const replicas: ChildProcess[] = [];
    try {
      const env = {
        DATABASE_URL: await createTestDatabase(),
        DATA_DIR: dataDir,
        UPSTREAM_BASE_URL: sandbox.url,
        UPSTREAM_CLIENT_SECRET: 'console-acc-secret',
        USER_ISSUER: idp.issuer,
        USER_JWKS_URL: idp.jwksUrl,
        LIVE_EVENTS: 'off',
        // One user sends the whole load: the per-user limit would answer 429 to most of it.
        BFF_RATE_LIMIT: 'off',
        STATIC_DIR: join(dataDir, 'no-console'),
      };
      const a = await startReplica(env);
      replicas.push(a.child);
      const token = await idp.token({ expiresIn: 3600 });
      const note = `declaration search (limit 20), ${CONNECTIONS} connections, ${DURATION_S} s, sandbox in the bench's process`;
      const one = await load([a.url], token);
      const b = await startReplica(env);
      replicas.push(b.child);
      const two = await load([a.url, b.url], token);
      return [
        { name: 'one replica: requests', value: one.rps, unit: 'per s', note },
        { name: 'one replica: p99 latency', value: one.p99, unit: 'ms' },
        {
          name: 'two replicas: requests',
          value: two.rps,
          unit: 'per s',
          note: 'connections split evenly (as a round-robin balancer); 2 cores shared by both replicas, the sandbox and the load generator',
        },
        { name: 'two replicas: p99 latency', value: two.p99, unit: 'ms' },
      ];
    } finally {
      for (const c of replicas) c.kill('SIGTERM');
      await sandbox.close();
      await idp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
