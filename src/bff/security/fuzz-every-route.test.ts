import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationItemSchema } from '../../contract/classification.js';
import { ROLES } from '../../contract/user-claims.js';
import { declarationsOf, json, postShipment, settle, validShipment } from '../../sandbox/flows/test-fixtures.js';
import type { RegisteredRoute } from '../../server-kit/http/route-list.js';
import {
  concretePath,
  FIXED_BAD_BODIES,
  FIXED_BAD_QUERIES,
  generatedBodies,
  misjudged,
  seedOf,
  withNulParameter,
  type BadInput,
  type FuzzAnswer,
} from '../../server-kit/test-support/bad-inputs.js';
import { WEBHOOK_SECRET_HEADER } from '../live/webhook-secret.js';
import { startSecurityStack, type SecurityStack } from '../test-support/security-stack.js';

/**
 * Issue 24: no bad input reaches a 500 through the BFF either. Every BFF route, as registered,
 * the proxy's with a read, an action, a patch and a delete of real resources of the service:
 * nesting 10,000 deep and NUL characters (bodies, path parameters, queries) are a 400 problem;
 * prototype keys, wrong types and generated bodies anything but a 5xx.
 */
const SECRET = 'fuzz-webhook-secret-0123456789abcdef';
let stack: SecurityStack;
let token: string;
let declarationId: string;
let classificationItemId: string;
beforeAll(async () => {
  stack = await startSecurityStack({ LIVE_EVENTS: 'on', WEBHOOK_SECRET: SECRET });
  token = await stack.token({ roles: [...ROLES] });
  const reference = `BFF-FUZZ-${Date.now()}`;
  await postShipment(stack.sandbox, validShipment({ externalReference: reference }));
  await settle(stack.sandbox);
  const [declaration] = await declarationsOf(stack.sandbox, reference);
  declarationId = typeof declaration?.id === 'string' ? declaration.id : 'x';
  const created = await stack.sandbox.call(
    '/v1/classifications/items',
    json({ externalReference: reference, description: 'steel screws for wood' }),
  );
  classificationItemId = classificationItemSchema.parse(await created.json()).id;
}, 120_000);
afterAll(async () => stack?.close());

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Concrete patterns per route: the proxy's stands for several operations of the service. */
function patternsOf(route: RegisteredRoute): string[] {
  if (route.url !== '/api/v1/*') return [route.url];
  const byMethod: Readonly<Record<string, string[]>> = {
    GET: ['/api/v1/declarations/search', '/api/v1/declarations/:declarationId', '/api/v1/classifications/items/search'],
    POST: ['/api/v1/declarations/:declarationId/validate', '/api/v1/customsshipments', '/api/v1/classifications/items'],
    PATCH: ['/api/v1/declarations/:declarationId', '/api/v1/classifications/items/:itemId'],
    DELETE: ['/api/v1/subscriptions/:subscriptionId'],
  };
  return byMethod[route.method] ?? [];
}

const params = (): Record<string, string> => ({ declarationId, itemId: classificationItemId, errorCode: 'V100' });

async function send(path: string, method: string, input?: Pick<BadInput, 'body' | 'contentType'>): Promise<FuzzAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, [WEBHOOK_SECRET_HEADER]: SECRET };
  if (input) headers['content-type'] = input.contentType;
  const abort = new AbortController();
  const res = await fetch(`${stack.bff.url}${path}`, { method, headers, body: input?.body, signal: abort.signal });
  const contentType = res.headers.get('content-type') ?? '';
  // The live stream stays open: its status and type are the answer.
  if (contentType.startsWith('text/event-stream')) {
    abort.abort();
    return { status: res.status, contentType, text: '' };
  }
  return { status: res.status, contentType, text: await res.text() };
}

const routes = (): RegisteredRoute[] => stack.bff.routes.filter((r) => METHODS.has(r.method));

describe('bad input on every BFF route', () => {
  it('walks the proxy and the BFF’s own routes', () => {
    const urls = routes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'PATCH /api/v1/*',
        'POST /api/v1/*',
        'POST /api/review/notes',
        'POST /api/classification/decisions',
        'POST /webhooks/customs',
        'GET /api/events',
      ]),
    );
  });

  it('answers NUL in path parameters and queries with a 400 problem, and odd queries without a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes()) {
      for (const pattern of patternsOf(route)) {
        const nulPath = withNulParameter(pattern, params());
        const checks: readonly (readonly [label: string, path: string, expect: 'refused' | 'handled'])[] = [
          ...(nulPath ? [['NUL in a path parameter', nulPath, 'refused'] as const] : []),
          ...FIXED_BAD_QUERIES.map((q) => [q.label, `${concretePath(pattern, params())}${q.query}`, q.expect] as const),
        ];
        for (const [label, path, expectation] of checks) {
          const why = misjudged(await send(path, route.method), expectation);
          if (why) wrong.push(`${route.method} ${pattern} (${label}): ${why}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('answers deep nesting and NUL in bodies with a 400 problem, and prototype keys, wrong types and generated bodies without a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes().filter((r) => BODY_METHODS.has(r.method))) {
      for (const pattern of patternsOf(route)) {
        const path = concretePath(pattern, params());
        for (const input of [...FIXED_BAD_BODIES, ...generatedBodies(seedOf(route) + pattern.length, 6)]) {
          const why = misjudged(await send(path, route.method, input), input.expect);
          if (why) wrong.push(`${route.method} ${pattern} (${input.label}): ${why}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
