import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBff, type RunningBff } from '../test-support/start-bff.js';
import { problemOf, startSecurityStack, type SecurityStack } from '../test-support/security-stack.js';

// Issue 11, hole 9: no HSTS, no Cache-Control: no-store on API JSON, and Node's own parser-level
// 400s (bad header bytes) were neither problem documents nor carried the security headers.
let stack: SecurityStack;
let https: RunningBff;
beforeAll(async () => {
  stack = await startSecurityStack();
  https = await startBff({ ...stack.env(), PUBLIC_URL: 'https://console.example.com' });
});
afterAll(async () => {
  await https?.close();
  await stack?.close();
});

/** Sends bytes as they are (fetch would refuse to send a bad header) and returns the raw answer. */
function rawHttp(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes, 'latin1'));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => (answer += c));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('response headers', () => {
  it('sends HSTS when the public URL is https, and not over plain http', async () => {
    expect((await fetch(`${https.url}/healthz`)).headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    expect((await stack.api('/healthz')).headers.get('strict-transport-security')).toBeNull();
  });

  it('marks API JSON and problem documents Cache-Control: no-store', async () => {
    const token = await stack.token();
    const json = await stack.api('/api/v1/authorizationStatus', { token });
    expect(json.status).toBe(200);
    expect(json.headers.get('cache-control')).toBe('no-store');
    const audit = await stack.api('/api/audit', { token });
    expect(audit.headers.get('cache-control')).toBe('no-store');
    const problem = await stack.api('/api/v1/authorizationStatus');
    expect(problem.status).toBe(401);
    expect(problem.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a request Node’s parser refuses (bad header bytes) with a problem document and the security headers', async () => {
    const answer = await rawHttp(https.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n');
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/problem\+json/i);
    expect(head).toMatch(/content-security-policy: default-src 'self'/i);
    expect(head).toMatch(/x-content-type-options: nosniff/i);
    expect(head).toMatch(/strict-transport-security: max-age=/i);
    expect(problemOf({ status: 400, headers: new Headers(), text: body })).toMatchObject({ status: 400, title: 'Bad Request' });
  });
});
