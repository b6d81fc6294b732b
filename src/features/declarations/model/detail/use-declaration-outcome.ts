import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Declaration } from '../../../../contract/declarations';
import type { EventEnvelope } from '../../../../contract/events';
import { getLiveStatus, subscribeLiveEvents, subscribeLiveStatus } from '../../../../lib/live-events';
import { declarationEventsQueryOptions } from '../../api/declaration-timeline.queries';
import { declarationKeys, declarationQueryOptions } from '../../api/declarations.queries';
import {
  AWAITING_TIMEOUT_MS,
  POLL_INTERVAL_MS,
  nextAwaitingState,
  sameSnapshot,
  snapshotOf,
  type AwaitingState,
  type DeclarationSnapshot,
  type OutcomeEvent,
} from './awaiting-outcome';
import { isEventOf } from './timeline';

/** Taken before a write is sent: what "changed" is measured against once the write is accepted. */
export interface OutcomeBaseline {
  snapshot: DeclarationSnapshot;
  knownEventIds: ReadonlySet<string>;
}

const toOutcomeEvent = (e: EventEnvelope): OutcomeEvent => ({
  id: e.id,
  eventType: e.eventType,
  eventSubType: e.eventSubType,
  ...(typeof e.data.reason === 'string' ? { reason: e.data.reason } : {}),
});

/** A change seen this soon before an action's onAccepted is taken to be that action's outcome. */
const RECENT_CHANGE_MS = 3_000;

/**
 * The declaration, its events and the "awaiting outcome" state of the last write. The outcome
 * comes from the live events: each event for this declaration (the status change, the
 * DeclarationActionFinished that states the outcome) reads the declaration once, an event that
 * arrives while that read is in flight joins it. The declaration and its event inbox are polled
 * (every 1.5 s) only while awaiting with live updates down. The state advances by the pure rules
 * of awaiting-outcome.ts whenever the declaration or its events change.
 */
export function useDeclarationOutcome(declarationId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AwaitingState>({ phase: 'idle' });
  const awaiting = state.phase === 'awaiting';
  const liveStatus = useSyncExternalStore(subscribeLiveStatus, getLiveStatus);
  const refetchInterval = awaiting && liveStatus !== 'live' ? POLL_INTERVAL_MS : false;
  const declaration = useSuspenseQuery({ ...declarationQueryOptions(declarationId), refetchInterval });
  const inbox = useQuery({ ...declarationEventsQueryOptions(declarationId), refetchInterval });
  const [liveEvents, setLiveEvents] = useState<EventEnvelope[]>([]);

  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (!isEventOf(event, declarationId)) return;
        setLiveEvents((list) => (list.some((e) => e.id === event.id) ? list : [...list, event]));
        // cancelRefetch: false: a read already in flight answers this event too (one action's
        // status change and outcome arrive together).
        void queryClient.invalidateQueries({ queryKey: declarationKeys.detail(declarationId) }, { cancelRefetch: false });
      }),
    [declarationId, queryClient],
  );

  const events = useMemo(() => {
    const byId = new Map<string, EventEnvelope>();
    for (const e of inbox.data ?? []) byId.set(e.event.id, e.event);
    for (const e of liveEvents) byId.set(e.id, e);
    return [...byId.values()];
  }, [inbox.data, liveEvents]);

  // The latest data for the timer below, and the last change of the declaration (see startAfterAccepted).
  const latest = useRef<{ data: Declaration | undefined; events: EventEnvelope[] }>({ data: undefined, events: [] });
  const lastChange = useRef<{ before: DeclarationSnapshot; at: number } | undefined>(undefined);
  useEffect(() => {
    const previous = latest.current.data;
    if (previous && declaration.data && !sameSnapshot(snapshotOf(previous), snapshotOf(declaration.data))) {
      lastChange.current = { before: snapshotOf(previous), at: Date.now() };
    }
    latest.current = { data: declaration.data, events };
  }, [declaration.data, events]);

  // The rules run when the declaration or its events change, and once more when the wait times out.
  const since = state.phase === 'awaiting' ? state.since : undefined;
  useEffect(() => {
    if (since === undefined) return;
    const evaluate = () => {
      const { data, events: known } = latest.current;
      if (data) setState((s) => nextAwaitingState(s, data, known.map(toOutcomeEvent), Date.now()));
    };
    evaluate();
    const timer = setTimeout(evaluate, Math.max(0, since + AWAITING_TIMEOUT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since, declaration.data, events]);

  /** Call right before sending a write. */
  const capture = useCallback((): OutcomeBaseline | undefined => {
    const { data, events: known } = latest.current;
    return data ? { snapshot: snapshotOf(data), knownEventIds: new Set(known.map((e) => e.id)) } : undefined;
  }, []);

  /** Call when the write was accepted (202). */
  const start = useCallback(
    (label: string, baseline: OutcomeBaseline | undefined) => {
      const base = baseline ?? capture();
      if (!base) return;
      setState({ phase: 'awaiting', label, baseline: base.snapshot, since: Date.now(), knownEventIds: base.knownEventIds });
    },
    [capture],
  );

  /**
   * For writes made elsewhere (the actions menu) that report only "accepted": their own
   * invalidation may already have fetched the outcome, so a change seen just before counts.
   */
  const startAfterAccepted = useCallback(
    (label: string) => {
      const base = capture();
      if (!base) return;
      const recent = lastChange.current && Date.now() - lastChange.current.at < RECENT_CHANGE_MS ? lastChange.current.before : undefined;
      start(label, { ...base, snapshot: recent ?? base.snapshot });
    },
    [capture, start],
  );

  const { refetch: refetchDeclaration } = declaration;
  const { refetch: refetchInbox } = inbox;
  const checkAgain = useCallback(() => {
    setState((s) =>
      s.phase === 'timedOut'
        ? { phase: 'awaiting', label: s.label, baseline: s.baseline, since: Date.now(), knownEventIds: s.knownEventIds }
        : s,
    );
    void refetchDeclaration();
    void refetchInbox();
  }, [refetchDeclaration, refetchInbox]);

  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);

  return { declaration, inbox, events, state, capture, start, startAfterAccepted, checkAgain, dismiss };
}

export type DeclarationOutcome = ReturnType<typeof useDeclarationOutcome>;
