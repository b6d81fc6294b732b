import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, configureApiClient, getRetryWaits, request, retryAfterMs, type RetryWait } from './api-client.js';
import { setActiveLocale } from './i18n/active-locale.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  acceptLanguage: string | undefined;
  body: string;
}

type Reply = (res: ServerResponse, req: IncomingMessage) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
/** Answers in order; the last one repeats. */
let replies: Reply[] = [];
let sleeps: number[] = [];
let unauthorized = 0;
let randomValue = 0.5;

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (res) =>
    res
      .writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers })
      .end(JSON.stringify(body));

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        acceptLanguage: req.headers['accept-language'],
        body,
      });
      const reply = replies[Math.min(seen.length - 1, replies.length - 1)];
      if (reply) reply(res, req);
      else res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  replies = [];
  sleeps = [];
  unauthorized = 0;
  randomValue = 0.5;
  configureApiClient({
    baseUrl,
    getAccessToken: async () => 'user-token',
    onUnauthorized: () => unauthorized++,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => randomValue,
  });
});

const okSchema = z.object({ ok: z.boolean() });
const failure = (p: Promise<unknown>): Promise<ApiError> =>
  p.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => {
      if (!(e instanceof ApiError)) throw e;
      return e;
    },
  );

describe('request()', () => {
  it('attaches the bearer token, repeats array query parameters, JSON-encodes the body and parses the response', async () => {
    replies = [json(200, { ok: true, extra: 1 })];
    const result = await request('/v1/declarations/search', {
      query: { currentStatus: ['Invalid', 'CustomsError'], limit: 100, lrn: undefined, flag: false },
      schema: okSchema,
    });
    expect(result).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/v1/declarations/search?currentStatus=Invalid&currentStatus=CustomsError&limit=100&flag=false',
      authorization: 'Bearer user-token',
    });
    replies = [json(202, { referenceId: 'r-1' })];
    await request('/v1/formulas', { method: 'POST', body: { itemId: 'A' }, schema: z.object({ referenceId: z.string() }), retry: 'never' });
    expect(seen[1]).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"itemId":"A"}' });
  });

  it("asks for the console's current language, so the BFF writes its own problem texts in it", async () => {
    replies = [json(200, { ok: true })];
    await request('/alerts/rules', { schema: okSchema });
    expect(seen[0]?.acceptLanguage).toBe('en');
    setActiveLocale('de');
    try {
      await request('/alerts/rules', { schema: okSchema });
    } finally {
      setActiveLocale('en');
    }
    expect(seen[1]?.acceptLanguage).toBe('de');
  });

  it('sends strings and Blobs as they are, with the given content type', async () => {
    replies = [json(202, { referenceId: 'r' })];
    await request('/v1/articledataitems', { method: 'POST', body: '<items/>', contentType: 'application/xml', schema: z.unknown() });
    expect(seen[0]).toMatchObject({ contentType: 'application/xml', body: '<items/>' });
    await request('/v1/classifications/items/I/images', {
      method: 'POST',
      body: new Blob(['abc'], { type: 'image/png' }),
      schema: z.unknown(),
    });
    expect(seen[1]).toMatchObject({ contentType: 'image/png', body: 'abc' });
  });

  it('gives the schema undefined for 204', async () => {
    replies = [(res) => res.writeHead(204).end()];
    expect(await request('/v1/subscriptions/S', { method: 'DELETE', schema: z.undefined() })).toBeUndefined();
  });

  it('throws ApiError with the problem, field errors of both shapes and the request id, without retrying a 400', async () => {
    replies = [
      json(
        400,
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'Invalid formula',
          'invalid-parameters': [{ name: 'formulaLines.0.uom', reason: 'too long' }],
        },
        { 'x-request-id': 'req-1' },
      ),
    ];
    const e = await failure(request('/v1/formulas', { method: 'POST', body: {}, schema: z.unknown() }));
    expect(e.status).toBe(400);
    expect(e.message).toBe('Invalid formula');
    expect(e.problem?.detail).toBe('Invalid formula');
    expect(e.fieldErrors).toEqual({ 'formulaLines.0.uom': ['too long'] });
    expect(e.requestId).toBe('req-1');
    expect(seen).toHaveLength(1);
    replies = [json(400, { title: 'Invalid', status: 400, errors: { description: ['required'], origin: ['not a country', 'too long'] } })];
    const e9457 = await failure(request('/v1/classifications/items', { method: 'POST', body: {}, schema: z.unknown() }));
    expect(e9457.fieldErrors).toEqual({ description: ['required'], origin: ['not a country', 'too long'] });
  });

  it('never retries other 4xx', async () => {
    for (const status of [403, 404, 409, 413, 415]) {
      seen = [];
      replies = [json(status, { status })];
      const e = await failure(request('/v1/declarations/D', { schema: z.unknown() }));
      expect(e.status).toBe(status);
      expect(seen).toHaveLength(1);
    }
    expect(sleeps).toEqual([]);
  });

  it('retries 500, 502, 503 and 504 with backoff 1 s, 2 s, 4 s and then gives up', async () => {
    replies = [json(503, { status: 503 }), json(502, { status: 502 }), json(504, { status: 504 }), json(503, { status: 503 })];
    const e = await failure(request('/v1/declarations/D', { schema: z.unknown() }));
    expect(e.status).toBe(503);
    expect(seen).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('succeeds when a retry does', async () => {
    replies = [json(502, { status: 502 }), json(200, { ok: true })];
    expect(await request('/v1/declarations/D', { schema: okSchema })).toEqual({ ok: true });
    expect(sleeps).toEqual([1000]);
  });

  it('adds jitter of up to ±20 %', async () => {
    randomValue = 0;
    replies = [json(503, {}), json(503, {}), json(200, { ok: true })];
    await request('/x', { schema: okSchema });
    randomValue = 1;
    seen = [];
    await request('/x', { schema: okSchema });
    expect(sleeps).toEqual([800, 1600, 1200, 2400]);
  });

  it('honours Retry-After in seconds and as an HTTP date on 429', async () => {
    replies = [json(429, {}, { 'retry-after': '3' }), json(200, { ok: true })];
    await request('/x', { schema: okSchema });
    expect(sleeps).toEqual([3000]);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('does not wait for a Retry-After beyond 30 s', async () => {
    replies = [json(503, {}, { 'retry-after': '3600' })];
    const e = await failure(request('/x', { schema: okSchema }));
    expect(e.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it("with retry 'never' does not retry 5xx, but does retry 429 (the request was not processed)", async () => {
    replies = [json(503, {})];
    const e = await failure(request('/v1/customsshipments', { method: 'POST', body: {}, retry: 'never', schema: z.unknown() }));
    expect(e.status).toBe(503);
    expect(seen).toHaveLength(1);
    seen = [];
    replies = [json(429, {}), json(202, { referenceId: 'r' })];
    await request('/v1/customsshipments', { method: 'POST', body: {}, retry: 'never', schema: z.unknown() });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.body).toBe('{}');
  });

  it('never sends a POST again after a 5xx unless told it only reads; PATCH, PUT and DELETE are retried', async () => {
    replies = [json(503, {}), json(202, { referenceId: 'r' })];
    expect((await failure(request('/v1/declarations/D/submit', { method: 'POST', body: {}, schema: z.unknown() }))).status).toBe(503);
    expect(seen).toHaveLength(1);
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      seen = [];
      replies = [json(503, {}), json(200, { ok: true })];
      await request('/v1/x', { method, schema: okSchema });
      expect(seen, method).toHaveLength(2);
    }
    seen = [];
    replies = [json(503, {}), json(200, { ok: true })];
    await request('/v1/search', { method: 'POST', body: {}, retry: 'auto', schema: okSchema });
    expect(seen).toHaveLength(2);
  });

  it("with retry 'none' sends once whatever the answer, and hands the caller the server's Retry-After", async () => {
    for (const method of ['GET', 'POST'] as const) {
      seen = [];
      replies = [json(429, {}, { 'retry-after': '7' }), json(200, { ok: true })];
      const e = await failure(request('/v1/declarations/D/submit', { method, retry: 'none', schema: okSchema }));
      expect(e.status).toBe(429);
      expect(e.retryAfterMs).toBe(7000);
      expect(seen, method).toHaveLength(1);
    }
    seen = [];
    replies = [json(503, {})];
    expect((await failure(request('/v1/x', { retry: 'none', schema: okSchema }))).retryAfterMs).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('publishes each wait before a retry (status, attempt, when) while it lasts, for the screen that waits', async () => {
    const during: (readonly RetryWait[])[] = [];
    configureApiClient({ baseUrl, getAccessToken: async () => 't', sleep: async () => void during.push(getRetryWaits()) });
    const told: RetryWait[] = [];
    replies = [json(429, {}, { 'retry-after': '2' }), json(503, {}, { 'retry-after': '5' }), json(200, { ok: true })];
    const before = Date.now();
    await request('/v1/declarations/search', { query: { lrn: 'L' }, schema: okSchema, onRetry: (w) => told.push(w) });
    expect(told.map((w) => [w.method, w.path, w.status, w.attempt, w.maxAttempts])).toEqual([
      ['GET', '/v1/declarations/search', 429, 2, 4],
      ['GET', '/v1/declarations/search', 503, 3, 4],
    ]);
    expect(told[0]?.until).toBeGreaterThanOrEqual(before + 2000);
    expect(during.map((ws) => ws.map((w) => w.attempt))).toEqual([[2], [3]]);
    expect(getRetryWaits()).toEqual([]);
  });

  it('stops waiting for a retry when the caller aborts', async () => {
    configureApiClient({ baseUrl, getAccessToken: async () => 't', sleep: () => new Promise(() => undefined) });
    replies = [json(503, {}, { 'retry-after': '10' })];
    const abort = new AbortController();
    const pending = request('/v1/declarations/search', { schema: okSchema, signal: abort.signal });
    await expect.poll(() => getRetryWaits().length).toBe(1);
    abort.abort();
    await expect(pending).rejects.toThrow();
    expect(getRetryWaits()).toEqual([]);
  });

  it('calls onUnauthorized on 401 and does not retry', async () => {
    replies = [json(401, { status: 401, detail: 'Sign in' })];
    const e = await failure(request('/x', { schema: okSchema }));
    expect(e.status).toBe(401);
    expect(unauthorized).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('reports a body that does not match the schema as an ApiError', async () => {
    replies = [json(200, { ok: 'yes' })];
    const e = await failure(request('/x', { schema: okSchema }));
    expect(e.message).toMatch(/unexpected shape/);
  });

  it('retries network failures for idempotent calls only, then reports status 0', async () => {
    configureApiClient({
      baseUrl: 'http://127.0.0.1:9/api',
      getAccessToken: async () => 't',
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.5,
    });
    const e = await failure(request('/x', { schema: okSchema }));
    expect(e.status).toBe(0);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    sleeps = [];
    await failure(request('/x', { method: 'POST', retry: 'never', schema: okSchema }));
    expect(sleeps).toEqual([]);
  });
});
