import { ConsoleSession } from './console-session';
import { isLegacyKey, namespacePrefix, storageKeys, type KeyedStorage, type SessionIdentity } from './user-namespace';

/** Where a user's own values were kept before they had a namespace (username-keyed, not un-keyed): moved in, not lost. */
const adoptable = (username: string, tenantId: string): [legacy: string, key: string][] => [
  [`customs-console:declarations:views:${username}`, 'declarations.views'],
  [`customs-console:declarations:table:${username}`, 'declarations.table'],
  [`customs-console.movement-order-draft.v2.${tenantId}/${username}`, 'draft.movement-order-draft.v2'],
];

/**
 * The tab's current console session: `open` at every signed-in page (the same user keeps the same
 * session), `end` at sign-out and `expire` when the identity provider ends it.
 */
export class ConsoleSessions {
  private current: ConsoleSession | undefined;

  constructor(
    private readonly storage: KeyedStorage | undefined,
    /** Drops every cached answer of the user (the React Query cache). */
    private readonly clearCaches: () => void,
  ) {}

  open(identity: SessionIdentity, username: string): ConsoleSession {
    const current = this.current;
    if (current && !current.isDisposed && current.identity.tenantId === identity.tenantId && current.identity.userId === identity.userId)
      return current;
    current?.dispose({ forget: false });
    this.cleanUpLegacy(identity, username);
    this.current = new ConsoleSession(identity, this.storage, this.clearCaches);
    return this.current;
  }

  /** Sign-out: the user's stored work and caches are removed from this browser. */
  end(): void {
    this.current?.dispose({ forget: true });
    this.current = undefined;
  }

  /** The session expired: caches go, the user's stored drafts wait in their namespace for their next sign-in. */
  expire(): void {
    this.current?.dispose({ forget: false });
    this.current = undefined;
  }

  private cleanUpLegacy(identity: SessionIdentity, username: string): void {
    const prefix = namespacePrefix(identity);
    try {
      for (const [legacy, key] of adoptable(username, identity.tenantId)) {
        const value = this.storage?.getItem(legacy);
        if (value != null && this.storage?.getItem(prefix + key) == null) this.storage?.setItem(prefix + key, value);
      }
      for (const key of storageKeys(this.storage).filter(isLegacyKey)) this.storage?.removeItem(key);
    } catch {
      /* storage disabled or full: nothing to clean up, or nothing more to keep */
    }
  }
}
