import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationStatusSchema } from '../../contract/authorization-status.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { serviceScopeFor } from './demo-clients.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => sandbox.close());

const tokenRequest = (fields: Record<string, string>) =>
  fetch(`${sandbox.url}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

describe('token endpoint (client credentials)', () => {
  it('grants a Bearer JWT with expires_in and ext_expires_in for good credentials', async () => {
    const res = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: 'console-acc',
      client_secret: 'console-acc-secret',
      scope: serviceScopeFor('console-acc'),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, ext_expires_in: 3600 });
    expect(String(body.access_token).split('.')).toHaveLength(3);
  });

  it('refuses a wrong secret with invalid_client (401)', async () => {
    const res = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: 'console-acc',
      client_secret: 'nope',
      scope: serviceScopeFor('console-acc'),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses a scope of another client and grants other than client_credentials', async () => {
    const wrongScope = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: 'console-acc',
      client_secret: 'console-acc-secret',
      scope: serviceScopeFor('reader-acc'),
    });
    expect(wrongScope.status).toBe(400);
    expect(await wrongScope.json()).toMatchObject({ error: 'invalid_scope' });
    const password = await tokenRequest({ grant_type: 'password', client_id: 'console-acc', client_secret: 'console-acc-secret' });
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });
});

describe('/v1 token checks', () => {
  it('answers 401 with a problem document when the token is missing or forged', async () => {
    const missing = await fetch(`${sandbox.url}/v1/authorizationStatus`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ tid: 't-acc-001', scp: 'read:declarations' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(`${sandbox.url}/`)
      .setSubject('console-acc')
      .setExpirationTime('1h')
      .sign(privateKey);
    const res = await sandbox.call('/v1/authorizationStatus', { headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const client = {
      clientId: 'console-acc',
      clientSecret: '',
      tenantId: 't-acc-001',
      sourceSysRef: 'CUSTOMS-CONSOLE',
      scopes: [],
    } as const;
    const expired = await sandbox.ctx.tokens.issue(client, -10);
    const res = await sandbox.call('/v1/authorizationStatus', { headers: { authorization: `Bearer ${expired}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ detail: 'The access token has expired.' });
  });

  it('echoes source system, tenant and scopes in authorizationStatus', async () => {
    const res = await sandbox.call('/v1/authorizationStatus', { clientId: 'reader-acc' });
    expect(res.status).toBe(200);
    const status = authorizationStatusSchema.parse(await res.json());
    expect(status.sourceSysRef).toBe('READER');
    expect(status.tenantIds).toBe('t-acc-001');
    expect(status.scopes.split(' ')).toEqual([
      'read:declarations',
      'read:subscriptions',
      'read:wms',
      'read:documents',
      'read:classifications',
    ]);
  });

  it('gives console-acc all eleven scopes and noclass-acc none of classification', async () => {
    const all = authorizationStatusSchema.parse(await (await sandbox.call('/v1/authorizationStatus')).json());
    expect(all.scopes.split(' ')).toHaveLength(11);
    const noclass = authorizationStatusSchema.parse(
      await (await sandbox.call('/v1/authorizationStatus', { clientId: 'noclass-acc' })).json(),
    );
    expect(noclass.tenantIds).toBe('t-acc-002');
    expect(noclass.scopes).not.toContain('classifications');
  });
});
