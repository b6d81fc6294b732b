import { useSyncExternalStore } from 'react';
import type { LiveEvent } from '../../../contract/live';
import { subscribeLiveEvents } from '../../../lib/live-events';
import { isFollowUpEvent, type SentMessage } from './follow-up';

/**
 * What this browser session sent and what came back, at module level so both survive a visit to
 * a declaration and back. Events are collected from the first visit of the page on; a declaration
 * created before that is not shown here (the declarations search has it).
 */
interface SessionState {
  sent: readonly SentMessage[];
  events: readonly LiveEvent[];
}

const EVENT_LIMIT = 1000;
let state: SessionState = { sent: [], events: [] };
const listeners = new Set<() => void>();
let listening = false;

const set = (next: SessionState) => {
  state = next;
  for (const l of [...listeners]) l();
};

function subscribe(listener: () => void): () => void {
  if (!listening) {
    listening = true;
    subscribeLiveEvents((event) => {
      if (isFollowUpEvent(event)) set({ ...state, events: [...state.events, event].slice(-EVENT_LIMIT) });
    });
  }
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function recordSent(message: SentMessage): void {
  set({ ...state, sent: [message, ...state.sent] });
}

export function useIngestionSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}
