import { isDraftKey, type DraftStorage } from '../draft-storage';
import { namespacedStorage, namespacePrefix, type KeyedStorage, type SessionIdentity } from './user-namespace';

/**
 * One signed-in user's console: created at sign-in, it owns everything the console keeps for that
 * user (the storage namespace every draft, recent list and preference uses, and the in-memory
 * stores defined with defineSessionStore), and gives all of it up when the session ends.
 */
export class ConsoleSession {
  /** This user's storage: keys are relative to `customs-console.<tenant>.<user>.`. */
  readonly storage: DraftStorage;
  private readonly namespace: ReturnType<typeof namespacedStorage>;
  private readonly disposers: (() => void)[] = [];
  private disposed = false;
  /** Set at sign-out: a save still pending (a debounced draft) must not write the user back into the browser. */
  private forgotten = false;

  constructor(
    readonly identity: SessionIdentity,
    base: KeyedStorage | undefined,
    private readonly clearCaches: () => void,
  ) {
    const namespace = namespacedStorage(base, namespacePrefix(identity));
    this.namespace = namespace;
    this.storage = {
      getItem: (key) => (this.forgotten ? null : namespace.getItem(key)),
      setItem: (key, value) => {
        if (!this.forgotten) namespace.setItem(key, value);
      },
      removeItem: (key) => namespace.removeItem(key),
    };
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** How many drafts of unsent work the user has in this browser (sign-out asks before it deletes them). */
  unsentDraftCount(): number {
    return this.namespace.keys().filter(isDraftKey).length;
  }

  /** Called once when the session ends (a store's live-event subscription, timers). */
  onDispose(disposer: () => void): void {
    if (this.disposed) disposer();
    else this.disposers.push(disposer);
  }

  /**
   * The session ends. At sign-out (`forget`) everything the user kept in this browser is removed:
   * the tab may be used by someone else next. When it expired instead, the stored drafts stay in
   * the user's own namespace (no one else reads it) so that signing in again finds the unsent work.
   * Either way the in-memory stores and the query cache of this user are dropped.
   */
  dispose({ forget }: { forget: boolean }): void {
    if (!this.disposed) {
      this.disposed = true;
      for (const dispose of this.disposers.splice(0)) dispose();
      this.clearCaches();
    }
    if (forget) {
      this.forgotten = true;
      this.namespace.removeAll();
    }
  }
}

/** A per-session in-memory store: made on first use in a session, disposed with it, never shared between sessions. */
export function defineSessionStore<T>(
  create: (session: ConsoleSession) => { store: T; dispose?: () => void },
): (session: ConsoleSession) => T {
  const bySession = new WeakMap<ConsoleSession, T>();
  return (session) => {
    const existing = bySession.get(session);
    if (existing !== undefined) return existing;
    const made = create(session);
    bySession.set(session, made.store);
    session.onDispose(() => {
      made.dispose?.();
      bySession.delete(session);
    });
    return made.store;
  };
}
