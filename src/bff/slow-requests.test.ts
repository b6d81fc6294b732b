import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleAfterRequest, trickle } from '../server-kit/test-support/slow-client.js';
// Integration test: raw sockets against the real sandbox and BFF, with timeouts made small in their configuration.
import { startSandbox, type RunningSandbox } from '../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from './test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from './test-support/start-bff.js';

/** Under the BFF's notes body limit, and far longer than a trickle at one byte per 50 ms could finish while the test runs: only the server's timeout ends it. */
const DECLARED = 60_000;
const REQUEST_TIMEOUT_MS = 400;
const KEEP_ALIVE_TIMEOUT_MS = 300;

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let supervisor: string;

const hostOf = (url: string): string => new URL(url).host;
const post = (url: string, path: string, headers: string[] = []): string =>
  [`POST ${path} HTTP/1.1`, `Host: ${hostOf(url)}`, 'Content-Type: application/json', `Content-Length: ${DECLARED}`, ...headers].join(
    '\r\n',
  );

/** The trickle was cut by the server: the body never completed, and the answer (if any) is the one expected. */
function expectCut(result: { received: string; bodyBytesSent: number }, status: number): void {
  expect(result.bodyBytesSent).toBeLessThan(DECLARED);
  expect(result.received.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
}

beforeAll(async () => {
  const timeouts = { httpRequestTimeoutMs: REQUEST_TIMEOUT_MS, httpKeepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS };
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false, ...timeouts }), startFakeIdentityProvider()]);
  bff = await startBff({
    UPSTREAM_BASE_URL: sandbox.url,
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
  });
  supervisor = await idp.token({ roles: ['supervisor'] });
});

afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

describe('slow and idle connections are closed by the server (slowloris)', { timeout: 30_000 }, () => {
  it('sandbox: a body trickled with a token gets 408 and the connection is closed', async () => {
    expectCut(
      await trickle(sandbox.url, post(sandbox.url, '/v1/customsshipments', [`Authorization: Bearer ${await sandbox.token()}`])),
      408,
    );
  });

  it('sandbox: a body trickled without a token gets its 401 and the connection is closed', async () => {
    expectCut(await trickle(sandbox.url, post(sandbox.url, '/v1/customsshipments')), 401);
  });

  it('sandbox: headers trickled line by line are cut with 408', async () => {
    const result = await trickle(sandbox.url, `GET /healthz HTTP/1.1\r\nHost: ${hostOf(sandbox.url)}\r\n`, { completeHead: false });
    expect(result.received.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('BFF: a body trickled by a signed-in user gets a 408 problem document and the connection is closed', async () => {
    const result = await trickle(bff.url, post(bff.url, '/api/review/notes', [`Authorization: Bearer ${supervisor}`]));
    expectCut(result, 408);
    expect(result.received).toMatch(/content-type: application\/problem\+json/i);
  });

  it('BFF: a body trickled without a token gets its 401 and the connection is closed', async () => {
    expectCut(await trickle(bff.url, post(bff.url, '/api/review/notes')), 401);
  });

  it('both: a kept-alive connection left idle after its request is closed', async () => {
    const received = await Promise.all(
      [sandbox.url, bff.url].map((url) => idleAfterRequest(url, `GET /healthz HTTP/1.1\r\nHost: ${hostOf(url)}\r\nConnection: keep-alive`)),
    );
    for (const r of received) expect(r.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });
});
