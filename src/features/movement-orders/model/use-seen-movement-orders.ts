import { useSyncExternalStore } from 'react';
import { subscribeLiveEvents } from '../../../lib/live-events';
import { withSeenOrder, type SeenMovementOrder } from './live-orders';

/**
 * The movement orders live events reported since the console first showed this feature. Held at
 * module level, listening for the rest of the session, so the list survives page changes.
 */
let seen: readonly SeenMovementOrder[] = [];
const listeners = new Set<() => void>();
let listening = false;

function subscribe(listener: () => void): () => void {
  if (!listening) {
    listening = true;
    subscribeLiveEvents((event) => {
      const next = withSeenOrder(seen, event);
      if (next === seen) return;
      seen = next;
      for (const l of [...listeners]) l();
    });
  }
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useSeenMovementOrders(): readonly SeenMovementOrder[] {
  return useSyncExternalStore(subscribe, () => seen);
}
