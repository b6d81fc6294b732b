import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../contract/problem.js';
import { ROLES } from '../contract/user-claims.js';
import { startSandbox, type RunningSandbox } from '../sandbox/test-support/start-sandbox.js';
import { WEBHOOK_SECRET_HEADER } from './live/webhook-secret.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from './test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from './test-support/start-bff.js';

/**
 * Specification, Errors: an unsupported Content-Type is 415. Walks every BFF route that takes a
 * body, as registered (a new route is in this table by itself), and sends text/plain; the proxy
 * passes the service's own 415 through.
 */
const WEBHOOK_SECRET = 'content-type-test-secret';
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let token: string;

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider()]);
  bff = await startBff({ UPSTREAM_BASE_URL: sandbox.url, USER_ISSUER: idp.issuer, USER_JWKS_URL: idp.jwksUrl, WEBHOOK_SECRET });
  token = await idp.token({ roles: [...ROLES] });
});
afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** The proxy's route gets an operation of the service per method (the service has no PUT: the allow-list's 404 is tested elsewhere). */
const PROXIED: Readonly<Record<string, string>> = { POST: '/api/v1/subscriptions', PATCH: '/api/v1/declarations/x' };
const concrete = (method: string, url: string): string | undefined => (url === '/api/v1/*' ? PROXIED[method] : url.replace(/:[^/]+/g, 'x'));

describe('415 for a body of an unsupported Content-Type', () => {
  it('answers text/plain with a 415 problem on every route that takes a body, the proxied ones included', async () => {
    const routes = bff.routes.filter((r) => BODY_METHODS.has(r.method));
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/v1/*', '/api/classification/decisions', '/api/review/notes']));
    const refused: string[] = [];
    for (const { method, url } of routes) {
      const path = concrete(method, url);
      if (path === undefined) continue;
      const headers = { 'content-type': 'text/plain', authorization: `Bearer ${token}`, [WEBHOOK_SECRET_HEADER]: WEBHOOK_SECRET };
      const res = await fetch(`${bff.url}${path}`, { method, headers, body: 'externalReference=TEXT' });
      const body: unknown = await res.json();
      const problem = problemSchema.safeParse(body);
      const ok =
        res.status === 415 &&
        /application\/problem\+json/.test(res.headers.get('content-type') ?? '') &&
        problem.success &&
        problem.data.status === 415;
      if (!ok) refused.push(`${method} ${url}: ${res.status} ${JSON.stringify(body)}`);
    }
    expect(refused).toEqual([]);
  });
});
