import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenResponseSchema } from '../../contract/oauth-token.js';
import { sandboxConfigFromEnv } from '../config.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { serviceScopeFor } from './demo-clients.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: false, serviceTokenSeconds: 5 });
});
afterAll(async () => sandbox.close());

describe('service token lifetime (SANDBOX_SERVICE_TOKEN_SECONDS)', () => {
  it('is read from the environment, an hour by default', () => {
    expect(sandboxConfigFromEnv({}).serviceTokenSeconds).toBe(3600);
    expect(sandboxConfigFromEnv({ SANDBOX_SERVICE_TOKEN_SECONDS: '5' }).serviceTokenSeconds).toBe(5);
    expect(() => sandboxConfigFromEnv({ SANDBOX_SERVICE_TOKEN_SECONDS: '0' })).toThrow();
  });

  it('sets expires_in and the token’s own exp', async () => {
    const res = await fetch(`${sandbox.url}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'console-acc',
        client_secret: 'console-acc-secret',
        scope: serviceScopeFor('console-acc'),
      }),
    });
    const body = tokenResponseSchema.parse(await res.json());
    expect(body.expires_in).toBe(5);
    const { iat, exp } = decodeJwt(body.access_token);
    expect((exp ?? 0) - (iat ?? 0)).toBe(5);
  });
});
