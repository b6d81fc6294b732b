import { useSyncExternalStore } from 'react';
import { subscribeLiveEvents } from '../../../lib/live-events';
import { defineSessionStore } from '../../../lib/session/console-session';
import { useConsoleSession } from '../../../lib/session/session-context';
import { withSeenOrder, type SeenMovementOrder } from './live-orders';

/**
 * The movement orders live events reported since the user first showed this feature. Owned by the
 * console session, listening until it ends, so the list survives page changes but not the user.
 */
const seenOrders = defineSessionStore(() => {
  let seen: readonly SeenMovementOrder[] = [];
  const listeners = new Set<() => void>();
  const stopListening = subscribeLiveEvents((event) => {
    const next = withSeenOrder(seen, event);
    if (next === seen) return;
    seen = next;
    for (const l of [...listeners]) l();
  });
  return {
    store: {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      get: () => seen,
    },
    dispose: () => {
      stopListening();
      listeners.clear();
    },
  };
});

export function useSeenMovementOrders(): readonly SeenMovementOrder[] {
  const store = seenOrders(useConsoleSession());
  return useSyncExternalStore(store.subscribe, store.get);
}
