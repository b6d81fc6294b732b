import { BrowserCacheLocation, ProtocolMode } from '@azure/msal-browser';
import { describe, expect, it } from 'vitest';
import type { ConsoleConfig } from '../../contract/console-config.js';
import { msalConfiguration } from './msal-configuration.js';
import { safeReturnTo } from './return-to.js';

const sandboxAuth: ConsoleConfig['auth'] = {
  authority: 'https://localhost:4010/oidc',
  clientId: 'customs-console',
  scopes: ['api://customs-console/access_as_user'],
  knownAuthorities: ['localhost:4010'],
  protocolMode: 'OIDC',
  authorityMetadata: '{"issuer":"http://localhost:4010/oidc"}',
  redirectPath: '/redirect.html',
};

describe('msalConfiguration (set-up B)', () => {
  it('passes the https authority string, known authorities, inline metadata and OIDC mode', () => {
    const c = msalConfiguration(sandboxAuth, 'http://localhost:8080');
    expect(c.auth).toMatchObject({
      clientId: 'customs-console',
      authority: 'https://localhost:4010/oidc',
      knownAuthorities: ['localhost:4010'],
      authorityMetadata: sandboxAuth.authorityMetadata,
      redirectUri: 'http://localhost:8080/redirect.html',
      postLogoutRedirectUri: 'http://localhost:8080/',
    });
    expect(c.system?.protocolMode).toBe(ProtocolMode.OIDC);
    expect(c.cache?.cacheLocation).toBe(BrowserCacheLocation.SessionStorage);
  });

  it('leaves metadata out for Entra ID (AAD mode discovers it)', () => {
    const { authorityMetadata: _m, ...entra } = sandboxAuth;
    const c = msalConfiguration(
      { ...entra, authority: 'https://login.microsoftonline.com/tenant', protocolMode: 'AAD' },
      'https://console.example',
    );
    expect(c.auth).not.toHaveProperty('authorityMetadata');
    expect(c.system?.protocolMode).toBe(ProtocolMode.AAD);
  });
});

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnTo('/declarations?currentStatus=Invalid')).toBe('/declarations?currentStatus=Invalid');
  });
  it.each([undefined, '', 'https://evil.test/', '//evil.test/x', '/\\evil.test', '/sign-in?redirect=/x'])('sends %s home', (target) => {
    expect(safeReturnTo(target)).toBe('/');
  });
});
