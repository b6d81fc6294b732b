import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test-support/memory-storage';
import { forgetStoredToken, hasStoredToken, readStoredToken, storeToken, type StoredToken } from './stored-token';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const MINUTE = 60_000;
const token = (expiresAt: number): StoredToken => ({
  clientId: 'customs-console',
  accessToken: 'eyJ.token',
  expiresAt,
  user: { id: 'u-clerk', name: 'Clara Clerk', username: 'clerk', roles: ['clerk'] },
});

describe('stored access token', () => {
  it('reads back a token with more than five minutes left, with its user', () => {
    const storage = memoryStorage();
    storeToken(storage, token(NOW + 6 * MINUTE));
    expect(readStoredToken(storage, 'customs-console', NOW)).toEqual(token(NOW + 6 * MINUTE));
  });

  it('is not used once it is due for renewal (five minutes before expiry, as MSAL renews)', () => {
    const storage = memoryStorage();
    storeToken(storage, token(NOW + 5 * MINUTE));
    expect(readStoredToken(storage, 'customs-console', NOW)).toBeUndefined();
  });

  it('is not used by another client configuration', () => {
    const storage = memoryStorage();
    storeToken(storage, token(NOW + 10 * MINUTE));
    expect(readStoredToken(storage, 'other-client', NOW)).toBeUndefined();
  });

  it('reads unreadable or foreign data, and no storage at all, as no token', () => {
    const storage = memoryStorage();
    storeToken(storage, token(NOW + 10 * MINUTE));
    const [key] = storage.map.keys();
    if (key === undefined) throw new Error('nothing stored');
    storage.map.set(key, '{not json');
    expect(readStoredToken(storage, 'customs-console', NOW)).toBeUndefined();
    storage.map.set(
      key,
      JSON.stringify({ savedAt: 'x', value: { ...token(NOW + 10 * MINUTE), user: { name: 'x', username: 'x', roles: ['root'] } } }),
    );
    expect(readStoredToken(storage, 'customs-console', NOW)).toBeUndefined();
    expect(readStoredToken(undefined, 'customs-console', NOW)).toBeUndefined();
  });

  it('is forgotten', () => {
    const storage = memoryStorage();
    storeToken(storage, token(NOW + 10 * MINUTE));
    expect(hasStoredToken(storage)).toBe(true);
    forgetStoredToken(storage);
    expect(storage.map.size).toBe(0);
    expect(hasStoredToken(storage)).toBe(false);
  });
});
