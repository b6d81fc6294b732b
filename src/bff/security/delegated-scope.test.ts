import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOf, startSecurityStack, type SecurityStack } from '../test-support/security-stack.js';

// Issue 11, hole 7: the BFF accepted an access token without `scp`; with Entra ID an app-only
// token carrying an app role would pass as a person. Now the console's delegated scope is required.
let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack();
});
afterAll(async () => stack?.close());

describe('delegated scope on user tokens', () => {
  it('refuses an app-only token (roles, no scp) with a 403 problem naming why, on the proxy and the BFF’s own routes', async () => {
    const appOnly = await stack.token({ roles: ['supervisor'], scp: null });
    for (const path of ['/api/v1/authorizationStatus', '/api/audit', '/api/events?declarationId=d-1']) {
      const res = await stack.api(path, { token: appOnly });
      expect(res.status, path).toBe(403);
      expect(res.headers.get('www-authenticate'), path).toContain('insufficient_scope');
      expect(problemOf(res).detail, path).toMatch(/delegated/);
    }
  });

  it('refuses a token whose scp holds other scopes only', async () => {
    const res = await stack.api('/api/v1/authorizationStatus', { token: await stack.token({ scp: 'Files.Read User.Read' }) });
    expect(res.status).toBe(403);
  });

  it('accepts the console’s scope among others', async () => {
    const res = await stack.api('/api/v1/authorizationStatus', { token: await stack.token({ scp: 'User.Read access_as_user' }) });
    expect(res.status).toBe(200);
  });
});
