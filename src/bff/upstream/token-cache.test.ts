import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { latch } from '../../server-kit/test-support/latch.js';
import { TokenCache, TokenError } from './token-cache.js';

let server: Server;
let url: string;
let issued = 0;
let mode: 'ok' | 'refuse' = 'ok';
/** The server answers a token request once this opens: a test holds it to keep a request in flight. */
let answer: Promise<void> = Promise.resolve();
const forms: URLSearchParams[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      forms.push(new URLSearchParams(body));
      if (mode === 'refuse') {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'invalid_client', error_description: 'secret s3cr3t wrong' }));
        return;
      }
      void answer.then(() => {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ token_type: 'Bearer', expires_in: 100, access_token: `t${++issued}` }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/oauth2/v2.0/token`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  mode = 'ok';
  answer = Promise.resolve();
  forms.length = 0;
});

const cacheAt = (clock: { now: number }): TokenCache =>
  new TokenCache({
    tokenUrl: url,
    clientId: 'console-acc',
    clientSecret: 's3cr3t',
    scope: 'api://customs-sandbox/console-acc/.default',
    now: () => clock.now,
  });

describe('TokenCache', () => {
  it('sends the client credentials grant form-encoded, once for many concurrent callers', async () => {
    const cache = cacheAt({ now: 0 });
    const inFlight = latch();
    answer = inFlight.opened;
    const asked = Promise.all(Array.from({ length: 50 }, () => cache.get()));
    // Every caller has asked and the one request is at the server: only then does it answer.
    await vi.waitFor(() => expect(forms).toHaveLength(1));
    inFlight.open();
    const tokens = await asked;
    expect(new Set(tokens).size).toBe(1);
    expect(forms).toHaveLength(1);
    expect(Object.fromEntries(forms[0] ?? [])).toEqual({
      grant_type: 'client_credentials',
      client_id: 'console-acc',
      client_secret: 's3cr3t',
      scope: 'api://customs-sandbox/console-acc/.default',
    });
  });

  it('reuses the token until 80 % of expires_in, then renews it', async () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock);
    const first = await cache.get();
    clock.now += 79_000;
    expect(await cache.get()).toBe(first);
    clock.now += 2_000;
    const second = await cache.get();
    expect(second).not.toBe(first);
    expect(forms).toHaveLength(2);
  });

  it('drops only the token that failed, so many 401s with one token cause one renewal', async () => {
    const cache = cacheAt({ now: 0 });
    const old = await cache.get();
    cache.invalidate(old);
    const inFlight = latch();
    answer = inFlight.opened;
    const renewing = Promise.all(Array.from({ length: 20 }, () => cache.get()));
    await vi.waitFor(() => expect(forms).toHaveLength(2));
    inFlight.open();
    const renewed = await renewing;
    expect(new Set(renewed).size).toBe(1);
    cache.invalidate(old); // a late 401 of the old token must not drop the new one
    expect(await cache.get()).toBe(renewed[0]);
    expect(forms).toHaveLength(2);
  });

  it('keeps using a still valid token while renewal fails, and reports a refusal without the secret', async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    const token = await cache.get();
    mode = 'refuse';
    clock.now = 90_000; // past renewal, before expiry
    expect(await cache.get()).toBe(token);
    clock.now = 101_000; // expired
    const error = await cache.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect(String(error)).toContain('invalid_client');
    expect(String(error)).not.toContain('s3cr3t');
  });
});
