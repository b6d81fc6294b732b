import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../contract/problem.js';
import { OIDC_MOUNT } from './identity/oidc/console-client.js';
import { startSandbox, type RunningSandbox } from './test-support/start-sandbox.js';

/**
 * Specification, Errors: an unsupported Content-Type is 415. Walks every route that takes a body,
 * as registered (a new route is in this table by itself), and sends text/plain.
 */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false });
});
afterAll(() => sb.close());

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** The OpenID Connect provider speaks its own protocol (RFC 6749 errors), not the service's. */
const isProviderRoute = (url: string): boolean => url.startsWith(OIDC_MOUNT);
/** A concrete path for a route pattern: every parameter and wildcard becomes a plain segment. */
const concrete = (url: string): string => url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');

describe('415 for a body of an unsupported Content-Type', () => {
  it('knows the body-taking routes', () => {
    const urls = sb.routes.filter((r) => BODY_METHODS.has(r.method)).map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/v1/subscriptions',
        '/v1/classifications/items',
        '/v1/classifications/items/:itemId/classifications',
        '/_sandbox/reset',
      ]),
    );
  });

  it('answers text/plain with 415 and the problem shape of the endpoint family, on every route that takes a body', async () => {
    const routes = sb.routes.filter((r) => BODY_METHODS.has(r.method) && !isProviderRoute(r.url));
    const refused: string[] = [];
    for (const { method, url } of routes) {
      const path = concrete(url);
      const init = { method, headers: { 'content-type': 'text/plain' }, body: 'externalReference=TEXT' };
      const res = path.startsWith('/_sandbox/') ? await sb.control(path, init) : await sb.call(path, init);
      const body: unknown = await res.json();
      const problem = problemSchema.safeParse(body);
      const ok =
        res.status === 415 &&
        /application\/problem\+json/.test(res.headers.get('content-type') ?? '') &&
        problem.success &&
        problem.data.status === 415 &&
        problem.data.type === 'https://httpstatuses.io/415';
      if (!ok) refused.push(`${method} ${url}: ${res.status} ${JSON.stringify(body)}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers XML with 415 on every route that does not list it, and lets it through where it does', async () => {
    const routes = sb.routes.filter((r) => BODY_METHODS.has(r.method) && !isProviderRoute(r.url));
    const wrong: string[] = [];
    for (const { method, url, bodyTypes } of routes) {
      const path = concrete(url);
      const init = {
        method,
        headers: { 'content-type': 'application/xml' },
        body: '<message><externalReference>XML</externalReference></message>',
      };
      const res = path.startsWith('/_sandbox/') ? await sb.control(path, init) : await sb.call(path, init);
      const takesXml = bodyTypes.includes('application/xml');
      if ((res.status === 415) === takesXml) wrong.push(`${method} ${url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
