import { useSyncExternalStore } from 'react';
import type { LiveEvent } from '../../../contract/live';
import { subscribeLiveEvents } from '../../../lib/live-events';
import { defineSessionStore } from '../../../lib/session/console-session';
import { useConsoleSession } from '../../../lib/session/session-context';
import { isFollowUpEvent, type SentMessage } from './follow-up';

/**
 * What the user sent in this console session and what came back, owned by the session so that
 * both survive a visit to a declaration and back but not the user's sign-out. Events are collected
 * from the first visit of the page on; a declaration created before that is not shown here (the
 * declarations search has it).
 */
interface SessionState {
  sent: readonly SentMessage[];
  events: readonly LiveEvent[];
}

const EVENT_LIMIT = 1000;

const ingestionStore = defineSessionStore(() => {
  let state: SessionState = { sent: [], events: [] };
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const l of [...listeners]) l();
  };
  const stopListening = subscribeLiveEvents((event) => {
    if (isFollowUpEvent(event)) set({ ...state, events: [...state.events, event].slice(-EVENT_LIMIT) });
  });
  return {
    store: {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      get: () => state,
      recordSent: (message: SentMessage) => set({ ...state, sent: [message, ...state.sent] }),
    },
    dispose: () => {
      stopListening();
      listeners.clear();
    },
  };
});

export function useIngestionSession(): SessionState & { recordSent: (message: SentMessage) => void } {
  const store = ingestionStore(useConsoleSession());
  const state = useSyncExternalStore(store.subscribe, store.get);
  return { ...state, recordSent: store.recordSent };
}
