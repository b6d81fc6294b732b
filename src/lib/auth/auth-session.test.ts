import { describe, expect, it } from 'vitest';
import type { ConsoleConfig } from '../../contract/console-config';
import { memoryStorage } from '../test-support/memory-storage';
import { AuthSession, SessionExpiredError } from './auth-session';
import { readStoredToken, storeToken } from './stored-token';

const config: ConsoleConfig = {
  environment: 'ACCEPTANCE',
  auth: {
    authority: 'https://localhost:4010/oidc',
    clientId: 'customs-console',
    scopes: ['api://customs-console/access_as_user'],
    knownAuthorities: ['localhost:4010'],
    protocolMode: 'OIDC',
    redirectPath: '/redirect.html',
  },
};
const user = { id: 'u-supervisor', name: 'Sam Supervisor', username: 'supervisor', roles: ['supervisor' as const] };

/** A tab reloaded while signed in: the last token is stored and fresh. MSAL cannot run here (no browser), so every assertion below holds only without it. */
async function reloadedTab() {
  const storage = memoryStorage();
  storeToken(storage, { clientId: 'customs-console', accessToken: 'eyJ.stored', expiresAt: Date.now() + 10 * 60_000, user });
  const auth = await AuthSession.start(config, 'http://localhost:8080', storage);
  return { auth, storage };
}

describe('AuthSession in a reloaded signed-in tab', () => {
  it('starts signed in as the stored user and answers token needs from the stored token', async () => {
    const { auth } = await reloadedTab();
    expect(auth.isSignedIn).toBe(true);
    expect(auth.user).toEqual(user);
    await expect(auth.getAccessToken()).resolves.toBe('eyJ.stored');
  });

  it('ends the session: signed out, stored token forgotten, the app notified', async () => {
    const { auth, storage } = await reloadedTab();
    let notified = 0;
    auth.onExpired = () => notified++;
    expect(auth.expire()).toBeInstanceOf(SessionExpiredError);
    expect(auth.isSignedIn).toBe(false);
    expect(readStoredToken(storage, 'customs-console', Date.now())).toBeUndefined();
    expect(notified).toBe(1);
  });
});
