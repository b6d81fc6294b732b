import { SignJWT, generateKeyPair } from 'jose';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationStatusSchema } from '../contract/authorization-status.js';
import { consoleConfigSchema } from '../contract/console-config.js';
import { problemSchema } from '../contract/problem.js';
// Integration test (docs/architecture.md section 7): the real sandbox in process, known to the BFF only by URL.
import { startSandbox, type RunningSandbox } from '../sandbox/test-support/start-sandbox.js';
import { auditListSchema } from '../contract/audit.js';
import { startCountingProxy, type CountingProxy } from './test-support/counting-proxy.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from './test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from './test-support/start-bff.js';

const SECRET = 'console-acc-secret';

let sandbox: RunningSandbox;
let upstream: CountingProxy;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let staticDir: string;
/** Every status line, header and body the tests received from BFFs, to search for secrets at the end. */
const received: string[] = [];
const otherBffs: RunningBff[] = [];

const bffEnv = (): Record<string, string> => ({
  UPSTREAM_BASE_URL: upstream.url,
  UPSTREAM_CLIENT_SECRET: SECRET,
  USER_ISSUER: idp.issuer,
  USER_JWKS_URL: idp.jwksUrl,
});

beforeAll(async () => {
  // No demo data: these tests need the service's identity and fault controls only.
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider()]);
  upstream = await startCountingProxy(sandbox.url);
  staticDir = mkdtempSync(join(tmpdir(), 'console-dist-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Customs Console</title><div id="root"></div>');
  writeFileSync(join(staticDir, 'redirect.html'), '<!doctype html><title>redirect</title>');
  writeFileSync(join(staticDir, 'assets', 'x.js'), 'console.log(1);');
  writeFileSync(join(staticDir, 'assets', 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  bff = await startBff({ ...bffEnv(), STATIC_DIR: staticDir });
});

afterAll(async () => {
  await Promise.all([bff?.close(), ...otherBffs.map((b) => b.close())]);
  await Promise.all([upstream?.close(), idp?.close()]);
  await sandbox?.close();
  if (staticDir) rmSync(staticDir, { recursive: true, force: true });
});

async function record(res: Response): Promise<{ status: number; headers: Headers; text: string }> {
  const text = await res.text();
  received.push(`${res.status} ${JSON.stringify([...res.headers])} ${text}`);
  return { status: res.status, headers: res.headers, text };
}

async function call(path: string, init: RequestInit & { token?: string; base?: string } = {}) {
  const { token, base, headers, ...rest } = init;
  const h = new Headers(headers);
  if (token) h.set('authorization', `Bearer ${token}`);
  return record(await fetch(`${base ?? bff.url}${path}`, { ...rest, headers: h }));
}

/** A raw request: fetch would normalise `..` and absolute targets away before they reach the BFF. */
function rawRequest(target: string, token: string, method = 'GET'): Promise<{ status: number; body: string }> {
  const url = new URL(bff.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname: url.hostname, port: url.port, path: target, method, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          received.push(body);
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const problemOf = (text: string) => problemSchema.parse(JSON.parse(text));
const upstreamCalls = (): number => upstream.count((r) => r.url.startsWith('/v1/'));
const tokenRequests = (): number => upstream.count((r) => r.method === 'POST' && r.url === '/oauth2/v2.0/token');

describe('user token check on /api', () => {
  it('answers 401 problem documents for missing, forged, expired, unsigned, HMAC, wrong-audience and wrong-issuer tokens, none reaching upstream', async () => {
    const before = upstreamCalls();
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const hmac = await new SignJWT({ roles: ['clerk'] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(idp.issuer)
      .setAudience('api://customs-console')
      .setSubject('clerk')
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!!'));
    const cases: Record<string, string | undefined> = {
      missing: undefined,
      forged: await idp.token({ signWith: otherKey }),
      expired: await idp.token({ expiresIn: -120 }),
      algNone: idp.unsignedToken(),
      hmac,
      wrongAudience: await idp.token({ audience: 'api://something-else' }),
      wrongIssuer: await idp.token({ issuer: 'http://localhost:1/oidc' }),
      idTokenType: await idp.token({ typ: 'id+jwt' }),
      garbage: 'not.a.jwt',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await call('/api/v1/authorizationStatus', token ? { token } : {});
      expect(res.status, name).toBe(401);
      expect(res.headers.get('content-type'), name).toContain('application/problem+json');
      expect(res.headers.get('www-authenticate'), name).toMatch(/^Bearer/);
      expect(problemOf(res.text).status, name).toBe(401);
    }
    expect(problemOf((await call('/api/v1/authorizationStatus', { token: cases.expired })).text).detail).toMatch(/expired/);
    expect(upstreamCalls()).toBe(before);
  });

  it('accepts Entra-style typ JWT as well as at+jwt', async () => {
    expect((await call('/api/v1/authorizationStatus', { token: await idp.token({ typ: 'JWT' }) })).status).toBe(200);
  });
});

describe('proxy', () => {
  it('forwards an allowed call with the service token, never the user token or cookies, and returns the upstream body', async () => {
    const userToken = await idp.token({ roles: ['analyst'] });
    const res = await call('/api/v1/authorizationStatus?probe=1', { token: userToken, headers: { cookie: 'session=abc' } });
    expect(res.status).toBe(200);
    const status = authorizationStatusSchema.parse(JSON.parse(res.text));
    expect(status).toMatchObject({ sourceSysRef: 'CUSTOMS-CONSOLE', tenantIds: 't-acc-001' });
    const seen = upstream.seen.at(-1);
    expect(seen?.url).toBe('/v1/authorizationStatus?probe=1');
    expect(seen?.authorization).toMatch(/^Bearer ey/);
    expect(seen?.authorization).not.toContain(userToken);
    expect(seen?.cookie).toBeUndefined();
  });

  it('refuses what the role does not allow with 403 naming the role and operation, before upstream', async () => {
    const before = upstreamCalls();
    const analyst = await idp.token({ sub: 'analyst', roles: ['analyst'] });
    const submit = await call('/api/v1/declarations/D-1/submit', { method: 'POST', token: analyst });
    expect(submit.status).toBe(403);
    expect(problemOf(submit.text).detail).toContain('analyst');
    expect(problemOf(submit.text).detail).toContain('POST /v1/declarations/{declarationId}/submit');
    const clerk = await idp.token({ roles: ['clerk'] });
    const invalidate = await call('/api/v1/declarations/D-1/invalidate', {
      method: 'POST',
      token: clerk,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: '1' }),
    });
    expect(invalidate.status).toBe(403);
    expect(problemOf(invalidate.text).detail).toContain('clerk');
    const noRole = await call('/api/v1/authorizationStatus', { token: await idp.token({ roles: ['guest'] }) });
    expect(noRole.status).toBe(403);
    expect(upstreamCalls()).toBe(before);
  });

  it('forwards a write the role allows and audits it (who, role, path, upstream status), newest first', async () => {
    const supervisor = await idp.token({ sub: 'sup-1', name: 'Sam Supervisor', roles: ['supervisor'] });
    const before = upstreamCalls();
    const res = await call('/api/v1/declarations/D-42/invalidate', {
      method: 'POST',
      token: supervisor,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: '1' }),
    });
    expect(res.status).not.toBe(403);
    expect(upstreamCalls()).toBe(before + 1);
    await call('/api/v1/declarations/D-42/validate', { method: 'POST', token: supervisor });
    const audit = await call('/api/audit?path=/v1/declarations/D-42', { token: await idp.token({ roles: ['analyst'] }) });
    expect(audit.status).toBe(200);
    const { entries } = auditListSchema.parse(JSON.parse(audit.text));
    expect(entries.map((e) => e.path)).toEqual(['/v1/declarations/D-42/validate', '/v1/declarations/D-42/invalidate']);
    expect(entries[1]).toMatchObject({
      sub: 'sup-1',
      name: 'Sam Supervisor',
      role: 'supervisor',
      method: 'POST',
      upstreamStatus: res.status,
    });
    expect(Date.parse(entries[1]?.time ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const other = auditListSchema.parse(JSON.parse((await call('/api/audit?path=/v1/subscriptions', { token: supervisor })).text));
    expect(other.entries).toEqual([]);
  });

  it('answers 404 outside the allow-list and 400 for traversal and encoded tricks, none reaching upstream', async () => {
    const token = await idp.token({ roles: ['supervisor', 'analyst'] });
    const before = upstreamCalls();
    const notAllowed = [
      ['GET', '/api/v1/_sandbox/faults'],
      ['POST', '/api/v1/authorizationStatus'],
      ['GET', '/api/v1/declarations/D-1/items'],
      ['POST', '/api/v1/declarations/D-1/deleteEverything'],
      ['GET', '/api/v2/authorizationStatus'],
      ['GET', '/api/v1/'],
    ] as const;
    for (const [method, target] of notAllowed) {
      const res = await rawRequest(target, token, method);
      expect(res.status, `${method} ${target}`).toBe(404);
      expect(problemOf(res.body).status).toBe(404);
    }
    const unsafe = [
      '/api/v1/../_sandbox/faults',
      '/api/v1/declarations/../../_sandbox/reset',
      '/api/v1/%2e%2e/_sandbox/faults',
      '/api/v1/declarations/.%2E/authorizationStatus',
      '/api/v1/declarations/./search',
      '/api/v1/declarations%2Fsearch',
      '/api/v1/declarations/D-1%5C..%5Csubmit',
      '/api/v1/declarations\\search',
      '/api/v1//declarations/search',
      '//api/v1/authorizationStatus',
      `http://evil.example/api/v1/authorizationStatus`,
      '/api/v1/declarations/%E0%A4%A',
    ];
    for (const target of unsafe) {
      const res = await rawRequest(target, token);
      expect(res.status, target).toBe(400);
      expect(problemOf(res.body).status, `${target}: ${res.body}`).toBe(400);
    }
    expect(upstreamCalls()).toBe(before);
  });

  it('renews the token once and retries once when the service answers 401', async () => {
    const token = await idp.token();
    expect((await call('/api/v1/authorizationStatus', { token })).status).toBe(200); // warm cache
    const tokensBefore = tokenRequests();
    const callsBefore = upstreamCalls();
    const fault = await sandbox.control(`/_sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 401, count: 1 }),
    });
    expect(fault.status).toBe(204);
    const res = await call('/api/v1/authorizationStatus', { token });
    expect(res.status).toBe(200);
    expect(tokenRequests()).toBe(tokensBefore + 1);
    expect(upstreamCalls()).toBe(callsBefore + 2);
  });

  it('answers 502 (not 401) when the service keeps refusing the service token', async () => {
    await sandbox.control(`/_sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 401, count: 2 }),
    });
    const res = await call('/api/v1/authorizationStatus', { token: await idp.token() });
    expect(res.status).toBe(502);
    expect(problemOf(res.text).detail).toMatch(/credentials/);
  });

  it('passes other upstream errors through as they are', async () => {
    await sandbox.control(`/_sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, count: 1, retryAfterSeconds: 2 }),
    });
    const res = await call('/api/v1/authorizationStatus', { token: await idp.token() });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('makes exactly one token request for 1,000 concurrent calls with a cold cache', async () => {
    const cold = await startBff(bffEnv());
    otherBffs.push(cold);
    const token = await idp.token();
    const before = tokenRequests();
    const callsBefore = upstreamCalls();
    const statuses = await Promise.all(
      Array.from({ length: 1000 }, async () => {
        const res = await fetch(`${cold.url}/api/v1/authorizationStatus`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const byStatus: Record<number, number> = {};
    for (const s of statuses) byStatus[s] = (byStatus[s] ?? 0) + 1;
    expect(byStatus).toEqual({ 200: 1000 });
    expect(tokenRequests()).toBe(before + 1);
    expect(upstreamCalls()).toBe(callsBefore + 1000);
    received.push(...cold.logs);
  }, 60_000);
});

describe('console configuration and health', () => {
  it('serves config.json for the local issuer (set-up B): https authority string, known authority, inline metadata', async () => {
    const res = await call('/config.json');
    expect(res.status).toBe(200);
    const config = consoleConfigSchema.parse(JSON.parse(res.text));
    const issuer = new URL(idp.issuer);
    expect(config.environment).toBe('ACCEPTANCE');
    expect(config.auth).toMatchObject({
      authority: `https://${issuer.host}/oidc`,
      knownAuthorities: [issuer.host],
      protocolMode: 'OIDC',
      clientId: 'customs-console',
      scopes: ['api://customs-console/access_as_user'],
      redirectPath: '/redirect.html',
    });
    expect(JSON.parse(config.auth.authorityMetadata ?? '{}')).toMatchObject({ issuer: idp.issuer, jwks_uri: idp.jwksUrl });
  });

  it('answers healthz and readyz', async () => {
    expect((await call('/healthz')).status).toBe(200);
    const ready = await call('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({ checks: { upstreamToken: true, database: true } });
  });

  it('answers 503/502 problems when the identity provider and the service are unreachable, and a build hint without a build', async () => {
    const down = await startBff(
      { UPSTREAM_BASE_URL: 'http://127.0.0.1:9', UPSTREAM_CLIENT_SECRET: SECRET, USER_ISSUER: 'http://127.0.0.1:9/oidc' },
      { verifyUserToken: async () => ({ sub: 'clerk', name: 'Clara', roles: ['clerk'], tenantId: undefined }) },
    );
    otherBffs.push(down);
    const config = await call('/config.json', { base: down.url });
    expect(config.status).toBe(503);
    expect(config.headers.get('content-type')).toContain('application/problem+json');
    expect((await call('/readyz', { base: down.url })).status).toBe(503);
    expect((await call('/healthz', { base: down.url })).status).toBe(200);
    const proxied = await call('/api/v1/authorizationStatus', { base: down.url, token: 'x' });
    expect(proxied.status).toBe(502);
    const page = await call('/declarations', { base: down.url });
    expect(page.status).toBe(200);
    expect(page.text).toContain('npm run build');
    received.push(...down.logs);
  });
});

describe('static console and security headers', () => {
  const expectSecurityHeaders = (headers: Headers, idpOrigin: string): void => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain(`connect-src 'self' ${idpOrigin}`);
    expect(csp).toContain(`frame-src 'self' ${idpOrigin}`);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('x-frame-options')).toBe('DENY');
  };

  it('serves index.html (no-cache), deep links, redirect.html and immutable assets, each with the security headers that apply to it', async () => {
    const origin = new URL(idp.issuer).origin;
    const index = await call('/');
    expect(index.status).toBe(200);
    expect(index.text).toContain('Customs Console');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(index.headers, origin);
    const deep = await call('/declarations/D-1?tab=items');
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('Customs Console');
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    const bridge = await call('/redirect.html');
    expect(bridge.status).toBe(200);
    expect(bridge.text).toContain('redirect');
    expect(bridge.headers.get('cache-control')).toBe('no-cache');
    // MSAL's silent-renewal iframe ends on the bridge: the console itself may frame it, nobody else.
    expect(bridge.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(bridge.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const asset = await call('/assets/x.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A script is no document: nosniff and the referrer policy apply to it, CSP and framing rules do not.
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('referrer-policy')).toBe('no-referrer');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();
    // An SVG opened on its own is a document: it keeps the whole set.
    expectSecurityHeaders((await call('/assets/x.svg')).headers, origin);
    const missing = await call('/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expectSecurityHeaders((await call('/api/v1/authorizationStatus')).headers, origin);
  });
});

describe('secrets', () => {
  it('never puts the client secret or a service token in a response or a log line', () => {
    const serviceTokens = [...new Set(upstream.seen.flatMap((r) => (r.authorization ? [r.authorization.replace(/^Bearer /, '')] : [])))];
    expect(serviceTokens.length).toBeGreaterThan(1); // the renewal test made a second one
    const everything = [...received, ...bff.logs];
    expect(bff.logs.length).toBeGreaterThan(10);
    for (const text of everything) {
      expect(text).not.toContain(SECRET);
      for (const t of serviceTokens) expect(text).not.toContain(t);
    }
  });
});
