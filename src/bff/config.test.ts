import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBffConfig } from './config.js';

describe('BFF configuration', () => {
  it('points at the local sandbox by default', () => {
    const c = parseBffConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.environment).toBe('ACCEPTANCE');
    expect(c.upstream).toEqual({
      baseUrl: 'http://localhost:4010',
      tokenUrl: 'http://localhost:4010/oauth2/v2.0/token',
      clientId: 'console-acc',
      clientSecret: 'console-acc-secret',
      scope: 'api://customs-sandbox/console-acc/.default',
    });
    expect(c.user).toMatchObject({
      protocol: 'OIDC',
      issuer: 'http://localhost:4010/oidc',
      jwksUrl: 'http://localhost:4010/oidc/jwks',
      audience: 'api://customs-console',
      spaClientId: 'customs-console',
      spaScopes: ['api://customs-console/access_as_user'],
      idpOrigin: 'http://localhost:4010',
    });
    expect(parseBffConfig({ SANDBOX_PORT: '4999' }).upstream.baseUrl).toBe('http://localhost:4999');
  });

  it('takes DATABASE_URL for PostgreSQL, unset for SQLite under DATA_DIR, and refuses anything else in one line', () => {
    expect(parseBffConfig({}).databaseUrl).toBeUndefined();
    expect(parseBffConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeUndefined();
    expect(parseBffConfig({ DATABASE_URL: 'postgres://bff:pw@db:5432/console' }).databaseUrl).toBe('postgres://bff:pw@db:5432/console');
    expect(() => parseBffConfig({ DATABASE_URL: 'mysql://bff:pw@db/console' })).toThrow(
      /^Invalid BFF configuration: DATABASE_URL: must be a postgres:\/\/ URL[^\n]*$/,
    );
    expect(() => parseBffConfig({ DATABASE_URL: 'mysql://bff:pw@db/console' })).not.toThrow(/pw/);
  });

  it('requires a client secret for a real service and ENTRA_AUTHORITY for AAD', () => {
    expect(() => parseBffConfig({ UPSTREAM_BASE_URL: 'https://customs-acc.example.com' })).toThrow(/UPSTREAM_CLIENT_SECRET/);
    expect(() => parseBffConfig({ AUTH_PROTOCOL: 'AAD' })).toThrow(/ENTRA_AUTHORITY/);
    expect(() => parseBffConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseBffConfig({ PORT: 'eighty', LIVE_EVENTS: 'yes' })).toThrow(
      /^Invalid BFF configuration:\n {2}PORT: [^\n]+\n {2}LIVE_EVENTS: [^\n]+$/,
    );
  });

  it('derives Entra ID settings from the authority', () => {
    const c = parseBffConfig({
      UPSTREAM_BASE_URL: 'https://customs-acc.example.com',
      UPSTREAM_CLIENT_SECRET: 'x',
      ENTRA_AUTHORITY: 'https://login.microsoftonline.com/tenant-1/',
    });
    expect(c.user).toMatchObject({
      protocol: 'AAD',
      entraAuthority: 'https://login.microsoftonline.com/tenant-1',
      issuer: 'https://login.microsoftonline.com/tenant-1/v2.0',
      jwksUrl: 'https://login.microsoftonline.com/tenant-1/discovery/v2.0/keys',
      idpOrigin: 'https://login.microsoftonline.com',
    });
  });

  it('configures live updates: public URL from PORT, on by default, secret optional but not short', () => {
    expect(parseBffConfig({}).live).toEqual({
      enabled: true,
      publicUrl: 'http://localhost:8080',
      webhookSecret: undefined,
      streamsPerUser: 5,
    });
    expect(parseBffConfig({ LIVE_STREAMS_PER_USER: '2' }).live.streamsPerUser).toBe(2);
    expect(() => parseBffConfig({ LIVE_STREAMS_PER_USER: '0' })).toThrow(/LIVE_STREAMS_PER_USER/);
    expect(parseBffConfig({ PORT: '9000', LIVE_EVENTS: 'off' }).live).toMatchObject({ enabled: false, publicUrl: 'http://localhost:9000' });
    expect(parseBffConfig({ PUBLIC_URL: 'https://console.example.com/', WEBHOOK_SECRET: ' 0123456789abcdef ' }).live).toMatchObject({
      publicUrl: 'https://console.example.com',
      webhookSecret: '0123456789abcdef',
    });
    // PORT 0 (tests): the bound port is used once listening.
    expect(parseBffConfig({ PORT: '0' }).live.publicUrl).toBeUndefined();
    expect(() => parseBffConfig({ WEBHOOK_SECRET: 'short' })).toThrow(/WEBHOOK_SECRET/);
    expect(() => parseBffConfig({ LIVE_EVENTS: 'yes' })).toThrow(/LIVE_EVENTS/);
  });
});

describe('approval policy setting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'policy-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('has no rules and a 24-hour expiry unless configured', () => {
    expect(parseBffConfig({}).approvals).toEqual({ policy: { rules: [] }, expiryMs: 24 * 3_600_000 });
    expect(parseBffConfig({ APPROVAL_EXPIRY_HOURS: '2' }).approvals.expiryMs).toBe(7_200_000);
    expect(parseBffConfig({}).health.eventSilenceMinutes).toBe(30);
    expect(parseBffConfig({ HEALTH_EVENT_SILENCE_MINUTES: '45' }).health.eventSilenceMinutes).toBe(45);
  });

  it('reads APPROVAL_POLICY_FILE and stops start-up on a missing file, bad JSON or a wrong rule, naming it', () => {
    const good = file('good.json', JSON.stringify({ rules: [{ operation: 'POST /v1/declarations/{declarationId}/invalidate' }] }));
    expect(parseBffConfig({ APPROVAL_POLICY_FILE: good }).approvals.policy.rules).toEqual([
      { operation: 'POST /v1/declarations/{declarationId}/invalidate', approverRoles: ['supervisor'] },
    ]);
    expect(() => parseBffConfig({ APPROVAL_POLICY_FILE: join(dir, 'absent.json') })).toThrow(
      /^Invalid BFF configuration: APPROVAL_POLICY_FILE: .*absent\.json: .*ENOENT/,
    );
    expect(() => parseBffConfig({ APPROVAL_POLICY_FILE: file('bad.json', '{"rules": [') })).toThrow(
      /^Invalid BFF configuration: APPROVAL_POLICY_FILE: .*bad\.json: .*JSON/,
    );
    const wrong = file(
      'wrong.json',
      JSON.stringify({
        rules: [{ operation: 'POST /v1/declarations/{declarationId}/submit', customsValueAtLeast: { amount: -1, currency: 'EUR' } }],
      }),
    );
    expect(() => parseBffConfig({ APPROVAL_POLICY_FILE: wrong })).toThrow(
      /APPROVAL_POLICY_FILE .*wrong\.json: rules\.0\.customsValueAtLeast\.amount: /,
    );
    expect(() => parseBffConfig({ APPROVAL_EXPIRY_HOURS: '0' })).toThrow(/APPROVAL_EXPIRY_HOURS/);
    expect(() => parseBffConfig({ HEALTH_EVENT_SILENCE_MINUTES: 'soon' })).toThrow(/HEALTH_EVENT_SILENCE_MINUTES/);
  });
});
