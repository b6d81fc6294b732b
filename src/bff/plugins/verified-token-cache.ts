import { decodeJwt } from 'jose';
import type { BffUser, UserTokenVerifier } from './user-auth.js';

export interface VerifiedTokenCacheOptions {
  /** Most tokens kept; the oldest goes first beyond it. */
  maxEntries?: number;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}

interface Verified {
  user: BffUser;
  /** The token's own exp, in ms. */
  expiresAt: number;
}

/**
 * Remembers tokens `verify` accepted, keyed by the token itself, until the token's own expiry: a
 * console sends the same access token with every call for up to an hour, and checking its RS256
 * signature each time was the BFF's largest cost per call. Every token is still verified once, in
 * full, before it is first accepted; a refused token is never remembered, so it is checked (and
 * refused) again each time. Past its exp a token is verified afresh (and refused when expired).
 */
export function cacheVerifiedTokens(verify: UserTokenVerifier, options: VerifiedTokenCacheOptions = {}): UserTokenVerifier {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const verified = new Map<string, Verified>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit && now() < hit.expiresAt) return hit.user;
    if (hit) verified.delete(token);
    const user = await verify(token);
    // The signature was just checked, so the payload's exp can be read as it stands.
    const { exp } = decodeJwt(token);
    if (exp !== undefined) {
      if (verified.size >= maxEntries) makeRoom(verified, maxEntries, now());
      verified.set(token, { user, expiresAt: exp * 1000 });
    }
    return user;
  };
}

/** Drops every expired entry and, when that is not enough, the oldest ones (a Map keeps insertion order). */
function makeRoom(verified: Map<string, Verified>, maxEntries: number, now: number): void {
  for (const [token, entry] of verified) if (entry.expiresAt <= now) verified.delete(token);
  for (const token of verified.keys()) {
    if (verified.size < maxEntries) return;
    verified.delete(token);
  }
}
