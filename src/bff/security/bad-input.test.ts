import { generateKeyPair } from 'jose';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxEventListSchema } from '../../contract/live.js';
import { problemOf, startSecurityStack, type Answer, type SecurityStack } from '../test-support/security-stack.js';

// Issue 11, "keep the probes": every BFF endpoint answers bad input with the right 4xx problem
// document, and nothing is stored (checked through the API: the audit log and the event inbox).
const SECRET = 'bad-input-webhook-secret-0123456789';
let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack({ LIVE_EVENTS: 'on', WEBHOOK_SECRET: SECRET });
});
afterAll(async () => stack?.close());

const expectProblem = (res: Answer, status: number, label: string): void => {
  expect(res.status, label).toBe(status);
  expect(res.headers.get('content-type'), label).toContain('application/problem+json');
  expect(res.headers.get('cache-control'), label).toBe('no-store');
  expect(res.headers.get('content-security-policy'), label).toContain("default-src 'self'");
  expect(problemOf(res).status, label).toBe(status);
};

/** A raw request target as sent (fetch would normalise dot segments away). */
function raw(target: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(stack.bff.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: url.hostname, port: url.port, path: target, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers: h, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const API_ENDPOINTS: [method: string, path: string][] = [
  ['GET', '/api/v1/authorizationStatus'],
  ['POST', '/api/v1/customsshipments'],
  ['DELETE', '/api/v1/subscriptions/s-1'],
  ['GET', '/api/audit'],
  ['GET', '/api/events?declarationId=d-1'],
  ['GET', '/api/live'],
];

const webhook = (body: string, headers: Record<string, string> = {}) =>
  stack.api('/webhooks/customs', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET, ...headers },
    body,
  });

describe('bad input on every BFF endpoint', () => {
  it('refuses forged, expired, wrong-audience, alg none, HMAC-less garbage and app-only tokens on every /api endpoint', async () => {
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const tokens: Record<string, [token: string | undefined, status: number]> = {
      missing: [undefined, 401],
      forged: [await stack.token({ signWith: otherKey }), 401],
      expired: [await stack.token({ expiresIn: -120 }), 401],
      wrongAudience: [await stack.token({ audience: 'api://another-app' }), 401],
      algNone: [stack.idp.unsignedToken(), 401],
      garbage: ['a.b.c', 401],
      appOnly: [await stack.token({ scp: null }), 403],
      noConsoleRole: [await stack.token({ roles: ['reader'] }), 403],
    };
    for (const [name, [token, status]] of Object.entries(tokens)) {
      for (const [method, path] of API_ENDPOINTS) {
        const res = await stack.api(path, {
          method,
          token,
          headers: { 'content-type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        });
        expectProblem(res, status, `${name} ${method} ${path}`);
      }
    }
  });

  it('refuses malformed query parameters of the BFF’s own routes with 400', async () => {
    const token = await stack.token();
    for (const path of [
      '/api/audit?limit=abc',
      '/api/audit?limit=0',
      '/api/audit?limit=501',
      '/api/events',
      '/api/events?declarationId=d&limit=-1',
      `/api/events?declarationId=${'x'.repeat(201)}`,
    ]) {
      expectProblem(await stack.api(path, { token }), 400, path);
    }
  });

  it('refuses path tricks before anything else, on every prefix', async () => {
    const token = await stack.token({ roles: ['supervisor'] });
    for (const target of [
      '/api/v1/../audit',
      '/api/v1/%2e%2e/audit',
      '/api/v1/subscriptions%2Fx',
      '/api//audit',
      '/webhooks/..%2Fapi/audit',
      '/api/v1/subscriptions/%E0%A4%A',
      'http://evil.example/api/audit',
    ]) {
      expectProblem(await raw(target, 'GET', { authorization: `Bearer ${token}` }), 400, target);
    }
    expectProblem(await stack.api('/api/v1/_sandbox/reset', { method: 'POST', token }), 404, 'not allow-listed');
  });

  it('refuses bad webhook deliveries (secret, JSON, envelope, content type, size) and stores none of them', async () => {
    const valid = {
      id: 'bad-input-ok',
      tenantId: 't',
      eventTime: '2026-01-01T00:00:00Z',
      eventType: 'DeclarationStatusChanged',
      eventSubType: 'Released',
      data: { id: 'bad-input-d' },
    };
    expectProblem(await webhook(JSON.stringify(valid), { 'x-webhook-secret': 'wrong-wrong-wrong-wrong' }), 401, 'wrong secret');
    expectProblem(await webhook('{"id": '), 400, 'malformed JSON');
    expectProblem(await webhook(JSON.stringify({ ...valid, eventTime: 'yesterday' })), 400, 'not an envelope');
    expectProblem(await webhook(JSON.stringify({ ...valid, id: 'a\nb' })), 400, 'line break in id');
    expectProblem(await webhook(JSON.stringify(valid), { 'content-type': 'text/plain' }), 415, 'wrong content type');
    expectProblem(await webhook(JSON.stringify({ ...valid, data: { id: 'bad-input-d', pad: 'x'.repeat(300 * 1024) } })), 413, 'oversized');
    const res = await stack.api('/api/events?declarationId=bad-input-d', { token: await stack.token() });
    expect(inboxEventListSchema.parse(JSON.parse(res.text)).events).toEqual([]);
  });

  it('answers oversized and wrongly typed bodies through the proxy with 4xx problems; none is forwarded as accepted', async () => {
    const token = await stack.token({ sub: 'bad-body', roles: ['clerk'] });
    const post = (body: BodyInit, contentType: string) =>
      stack.api('/api/v1/customsshipments', { method: 'POST', token, headers: { 'content-type': contentType }, body });
    expectProblem(await post('{"not": json', 'application/json'), 400, 'malformed JSON (the service’s 400)');
    expectProblem(await post('<x/>', 'application/x-www-form-urlencoded'), 415, 'wrong content type (the service’s 415)');
    expectProblem(await post(new Uint8Array(10 * 1024 * 1024 + 1), 'application/json'), 413, 'oversized');
    const mine = (await stack.audit('/v1/customsshipments')).filter((e) => e.sub === 'bad-body');
    expect(mine.map((e) => e.status).sort()).toEqual([400, 413, 415]);
    expect(mine.every((e) => e.upstreamStatus !== 202 && e.referenceId === null)).toBe(true);
  });
});
