import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Integration test (docs/architecture.md section 7): the real sandbox and its sign-in, known to the BFF only by URL.
import { redeemCode, signInWithPkce, tokenSetSchema } from '../sandbox/identity/oidc/pkce-test-client.js';
import { startSandbox, type RunningSandbox } from '../sandbox/test-support/start-sandbox.js';
import { startBff, type RunningBff } from './test-support/start-bff.js';

const CONSOLE_URL = 'http://localhost:8080';
const REDIRECT_URI = `${CONSOLE_URL}/redirect.html`;

let sandbox: RunningSandbox;
let bff: RunningBff;
beforeAll(async () => {
  sandbox = await startSandbox({ consoleUrls: CONSOLE_URL, seed: false });
  bff = await startBff({ UPSTREAM_BASE_URL: sandbox.url, USER_ISSUER: `${sandbox.url}/oidc` });
});
afterAll(async () => {
  await bff?.close();
  await sandbox?.close();
});

async function signIn(username: string): Promise<string> {
  const issuer = `${sandbox.url}/oidc`;
  const flow = await signInWithPkce({ issuer, redirectUri: REDIRECT_URI, username, password: username });
  const res = await redeemCode(issuer, REDIRECT_URI, flow.code ?? '', flow.verifier, CONSOLE_URL);
  expect(res.status).toBe(200);
  return tokenSetSchema.parse(await res.json()).access_token;
}

describe('sign-in through the sandbox issuer', () => {
  it('accepts the access tokens the sandbox issues to the console and applies their roles', async () => {
    const analyst = await signIn('analyst');
    const status = await fetch(`${bff.url}/api/v1/authorizationStatus`, { headers: { authorization: `Bearer ${analyst}` } });
    expect(status.status).toBe(200);
    const submit = await fetch(`${bff.url}/api/v1/declarations/D-1/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${analyst}` },
    });
    expect(submit.status).toBe(403);
    expect(await submit.text()).toContain('analyst');
  });
});
