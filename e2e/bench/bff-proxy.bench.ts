import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { startCountingProxy } from '../../src/bff/test-support/counting-proxy.js';
import { startFakeIdentityProvider } from '../../src/bff/test-support/fake-identity-provider.js';
import { spawnEntry, stopChild, waitUntilReady } from './bench-stack.js';
import type { Bench, BenchResult } from './bench-types.js';
import { findNginx, startNginxProxy } from './nginx-proxy.js';
import { cpuMs } from './process-cpu.js';

const SANDBOX_PORT = 4717;
const BFF_PORT = 8787;
const NGINX_PORT = 8788;
const CONNECTIONS = 20;
const WARMUP_S = 2;
const DURATION_S = 5;
/** Rounds of direct, nginx, BFF in turn: the machine's other load drifts, so each figure is the median over rounds. */
const ROUNDS = 3;
/** Sandbox service token lifetime: the BFF renews at 80 %, so 10,000 calls at TOKEN_RATE/s span exactly one renewal. */
const TOKEN_SECONDS = 30;
const TOKEN_CALLS = 10_000;
const TOKEN_RATE = 330;
const SEARCH = '/v1/declarations/search?limit=25';

const tokenSchema = z.object({ access_token: z.string() });
const idSchema = z.object({ id: z.string() });
const imageIdSchema = z.object({ imageId: z.string() });

async function serviceToken(sandboxUrl: string): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'console-acc',
    client_secret: 'console-acc-secret',
    scope: 'api://customs-sandbox/console-acc/.default',
  });
  return tokenSchema.parse(await (await fetch(`${sandboxUrl}/oauth2/v2.0/token`, { method: 'POST', body })).json()).access_token;
}

/** A classification item with one PNG of about 1 MB (noise, so nothing on the way can compress it). */
async function itemWithImage(sandboxUrl: string, token: string): Promise<{ path: string; bytes: number }> {
  const png = await sharp(Buffer.from(Array.from({ length: 600 * 600 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 600, height: 600, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${sandboxUrl}/v1/classifications/items`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ externalReference: `BENCH-IMG-${Date.now()}`, description: 'Bench image' }),
  });
  const { id: itemId } = idSchema.parse(await created.json());
  const uploaded = await fetch(`${sandboxUrl}/v1/classifications/items/${itemId}/images`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'image/png' },
    body: new Uint8Array(png),
  });
  const { imageId } = imageIdSchema.parse(await uploaded.json());
  return { path: `/v1/classifications/items/${itemId}/images/${imageId}`, bytes: png.length };
}

interface Run {
  rps: number;
  p99: number;
  failed: number;
  /** CPU the service, and the proxy in front of it (none direct), used per answered call, in ms. */
  serviceCpu: number;
  proxyCpu: number;
}

interface Target {
  url: string;
  authorization: () => Promise<string>;
  /** Processes whose CPU time is counted: the service's, and the proxy's. */
  servicePid: number | undefined;
  proxyPid?: number | undefined;
}

async function load(
  url: string,
  authorization: string,
  options: { duration?: number; amount?: number; overallRate?: number; connections?: number },
): Promise<autocannon.Result> {
  return autocannon({ url, headers: { authorization }, connections: options.connections ?? CONNECTIONS, ...options });
}

async function measure(t: Target): Promise<Run> {
  const authorization = await t.authorization();
  const [service0, proxy0] = [cpuMs(t.servicePid), cpuMs(t.proxyPid)];
  const r = await load(t.url, authorization, { duration: DURATION_S });
  const calls = Math.max(1, r['2xx']);
  return {
    rps: r['2xx'] / r.duration,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors,
    serviceCpu: (cpuMs(t.servicePid) - service0) / calls,
    proxyCpu: (cpuMs(t.proxyPid) - proxy0) / calls,
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Each target warmed up once, then measured ROUNDS times in turn with the others; medians. */
async function compare(targets: Target[]): Promise<Run[]> {
  for (const t of targets) await load(t.url, await t.authorization(), { duration: WARMUP_S });
  const runs: Run[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) for (const [i, t] of targets.entries()) runs[i]?.push(await measure(t));
  const mid = (rs: Run[], pick: (r: Run) => number) => median(rs.map(pick));
  return runs.map((rs) => ({
    rps: mid(rs, (r) => r.rps),
    p99: mid(rs, (r) => r.p99),
    failed: rs.reduce((n, r) => n + r.failed, 0),
    serviceCpu: mid(rs, (r) => r.serviceCpu),
    proxyCpu: mid(rs, (r) => r.proxyCpu),
  }));
}

const pct = (a: number, b: number) => (b > 0 ? (100 * a) / b : 0);

/**
 * The BFF against the service direct and behind nginx as a plain reverse proxy, in one run with
 * autocannon (in this process, the same for all three): throughput and p99 for a JSON read and a
 * 1 MB image download; then service token requests over 10,000 proxied calls across one expiry.
 * Sandbox and BFF run in their own processes, the BFF at its production log level (info).
 */
export const bench: Bench = {
  title: 'BFF proxy vs direct and nginx',
  async run(): Promise<BenchResult[]> {
    const results: BenchResult[] = [];
    const sandboxDir = mkdtempSync(join(tmpdir(), 'bench-proxy-sandbox-'));
    const bffDir = mkdtempSync(join(tmpdir(), 'bench-proxy-bff-'));
    const sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`;
    const bffUrl = `http://127.0.0.1:${BFF_PORT}`;
    const idp = await startFakeIdentityProvider();
    const tokenProxy = await startCountingProxy(sandboxUrl);
    const sandbox = spawnEntry('src/sandbox/server.ts', {
      SANDBOX_PORT: String(SANDBOX_PORT),
      DATA_DIR: sandboxDir,
      SANDBOX_SERVICE_TOKEN_SECONDS: String(TOKEN_SECONDS),
      CONSOLE_URLS: bffUrl,
    });
    const stops: (() => Promise<void>)[] = [() => stopChild(sandbox), () => tokenProxy.close(), () => idp.close()];
    try {
      await waitUntilReady(`${sandboxUrl}/healthz`, sandbox);
      const image = await itemWithImage(sandboxUrl, await serviceToken(sandboxUrl));
      const bff = spawnEntry(
        'src/bff/server.ts',
        {
          PORT: String(BFF_PORT),
          SANDBOX_PORT: String(SANDBOX_PORT),
          DATA_DIR: bffDir,
          UPSTREAM_TOKEN_URL: `${tokenProxy.url}/oauth2/v2.0/token`,
          USER_ISSUER: idp.issuer,
          USER_JWKS_URL: idp.jwksUrl,
          LIVE_EVENTS: 'off',
          // One user sends the whole load: the per-user limit would answer 429 to most of it (the proxy is measured, not the limit).
          BFF_RATE_LIMIT: 'off',
          LOG_LEVEL: 'info',
        },
        (process.env.BENCH_BFF_NODE_ARGS ?? '').split(' ').filter(Boolean),
      );
      stops.unshift(() => stopChild(bff));
      await waitUntilReady(`${bffUrl}/readyz`, bff);
      const userToken = `Bearer ${await idp.token({ roles: ['clerk', 'analyst'], expiresIn: 3600 })}`;

      // Token cache first, while the BFF's first token (fetched for /readyz) is fresh.
      const calls = await load(`${bffUrl}/api${SEARCH}`, userToken, { amount: TOKEN_CALLS, overallRate: TOKEN_RATE, connections: 10 });
      const tokenRequests = tokenProxy.count((r) => r.url.startsWith('/oauth2/'));
      results.push({
        name: `service token requests for ${TOKEN_CALLS.toLocaleString('en')} proxied calls across one token expiry`,
        value: tokenRequests,
        unit: 'requests',
        goal: '= 2',
        met: tokenRequests === 2 && calls.non2xx + calls.errors === 0,
        note: `${calls['2xx']} answered 2xx in ${calls.duration.toFixed(1)} s; token lifetime ${TOKEN_SECONDS} s, renewed at 80 %`,
      });

      const nginxBinary = findNginx();
      const nginx = nginxBinary ? await startNginxProxy(nginxBinary, NGINX_PORT, SANDBOX_PORT) : undefined;
      if (nginx) stops.unshift(() => nginx.stop());
      const service = async () => `Bearer ${await serviceToken(sandboxUrl)}`;
      const user = async () => userToken;
      for (const scenario of [
        { label: 'JSON read (declaration search, 25 rows)', path: SEARCH },
        { label: `image download (${(image.bytes / 1048576).toFixed(2)} MB PNG)`, path: image.path },
      ]) {
        const [direct, viaBff, viaNginx] = await compare([
          { url: `${sandboxUrl}${scenario.path}`, authorization: service, servicePid: sandbox.pid },
          { url: `${bffUrl}/api${scenario.path}`, authorization: user, servicePid: sandbox.pid, proxyPid: bff.pid },
          ...(nginx ? [{ url: `${nginx.url}${scenario.path}`, authorization: service, servicePid: sandbox.pid, proxyPid: nginx.pid }] : []),
        ]);
        if (!direct || !viaBff) throw new Error('a target was not measured');
        const failures = (run: Run) => (run.failed ? `, ${run.failed} failed` : '');
        const cpu = (run: Run) =>
          `; CPU per call: service ${run.serviceCpu.toFixed(2)} ms${run === direct ? '' : `, proxy ${run.proxyCpu.toFixed(2)} ms`}`;
        results.push({
          name: `${scenario.label}: direct`,
          value: direct.rps,
          unit: 'req/s',
          note: `p99 ${direct.p99} ms${failures(direct)}${cpu(direct)}`,
        });
        if (viaNginx)
          results.push({
            name: `${scenario.label}: nginx`,
            value: viaNginx.rps,
            unit: 'req/s',
            note: `${pct(viaNginx.rps, direct.rps).toFixed(0)} % of direct, p99 ${viaNginx.p99} ms${failures(viaNginx)}${cpu(viaNginx)}`,
          });
        results.push({
          name: `${scenario.label}: BFF`,
          value: viaBff.rps,
          unit: 'req/s',
          note: `${pct(viaBff.rps, direct.rps).toFixed(0)} % of direct, p99 ${viaBff.p99} ms${failures(viaBff)}${cpu(viaBff)}`,
        });
        const share = pct(viaBff.rps, direct.rps);
        results.push({
          name: `${scenario.label}: BFF throughput / direct`,
          value: share,
          unit: '%',
          goal: '≥ 70 %',
          met: share >= 70 && viaBff.failed === 0,
        });
        if (viaNginx) {
          const ratio = viaNginx.p99 > 0 ? viaBff.p99 / viaNginx.p99 : Number.NaN;
          results.push({ name: `${scenario.label}: BFF p99 / nginx p99`, value: ratio, unit: '×', goal: '≤ 1.3 ×', met: ratio <= 1.3 });
        } else {
          results.push({
            name: `${scenario.label}: BFF p99 / nginx p99`,
            value: Number.NaN,
            unit: '×',
            goal: '≤ 1.3 ×',
            note: 'nginx is not installed (apt-get install -y nginx): not measured',
          });
        }
      }
      const setup = `${CONNECTIONS} connections, medians of ${ROUNDS} rounds of ${DURATION_S} s after ${WARMUP_S} s warm-up, loopback; ${nginx ? `nginx ${nginx.version}, 1 worker, keep-alive` : 'no nginx'}; BFF log level info`;
      results.push({ name: 'set-up', value: Number.NaN, unit: '', note: setup });
      return results;
    } finally {
      for (const stop of stops) await stop().catch(() => undefined);
      rmSync(sandboxDir, { recursive: true, force: true });
      rmSync(bffDir, { recursive: true, force: true });
    }
  },
};
