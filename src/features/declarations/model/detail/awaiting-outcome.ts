import type { Declaration, DeclarationError } from '../../../../contract/declarations';

/**
 * 202 means "accepted", not "done" (docs/architecture.md section 3): after a write the declaration
 * shows "Awaiting outcome…" until its status, its errors or lastUpdated change (seen by a live
 * event or by polling), or a DeclarationActionFinished "...Unsuccessful" event says it failed.
 */
export interface DeclarationSnapshot {
  status: string;
  errors: string;
  lastUpdated: string;
}

export const errorsKey = (errors: readonly DeclarationError[] | undefined): string =>
  (errors ?? [])
    .map((e) => `${e.errorCode}@${e.fieldReference.map((r) => r.path).join('|')}`)
    .sort()
    .join(',');

export const snapshotOf = (d: Pick<Declaration, 'currentStatus' | 'errors' | 'lastUpdated'>): DeclarationSnapshot => ({
  status: d.currentStatus,
  errors: errorsKey(d.errors),
  lastUpdated: d.lastUpdated,
});

export const sameSnapshot = (a: DeclarationSnapshot, b: DeclarationSnapshot): boolean =>
  a.status === b.status && a.errors === b.errors && a.lastUpdated === b.lastUpdated;

/** Statuses that are themselves "still working": the outcome is the status after them. */
export const IN_PROGRESS_STATUSES: readonly string[] = ['Submitted'];

/**
 * Whether a live event of the awaited declaration calls for reading it again. A change into a
 * status that is itself "still working" (Submitted) does not: the outcome's own event, which comes
 * with it or after it, reads the declaration.
 */
export const awaitedEventNeedsRead = (event: Pick<OutcomeEvent, 'eventType' | 'eventSubType'>): boolean =>
  !(event.eventType === 'DeclarationStatusChanged' && IN_PROGRESS_STATUSES.includes(event.eventSubType ?? ''));

/** Poll every 1.5 s while awaiting; give up after 45 s (customs answers in seconds in the sandbox). */
export const POLL_INTERVAL_MS = 1_500;
export const AWAITING_TIMEOUT_MS = 45_000;

/** `inProgress`: the status reached on the way (Submitted), while the outcome is still to come. */
export type AwaitingState =
  | { phase: 'idle' }
  | {
      phase: 'awaiting';
      label: string;
      baseline: DeclarationSnapshot;
      since: number;
      knownEventIds: ReadonlySet<string>;
      inProgress?: string;
    }
  | { phase: 'timedOut'; label: string; baseline: DeclarationSnapshot; knownEventIds: ReadonlySet<string> }
  | { phase: 'succeeded'; label: string; status: string }
  | { phase: 'failed'; label: string; status: string; errorCount: number; reason?: string };

export interface OutcomeEvent {
  id: string;
  eventType: string;
  eventSubType?: string | null | undefined;
  reason?: string | undefined;
}

/**
 * The next state given the latest declaration and the declaration's events. Pure, so the rules
 * are tested without a browser.
 */
export function nextAwaitingState(state: AwaitingState, d: Declaration, events: readonly OutcomeEvent[], now: number): AwaitingState {
  if (state.phase !== 'awaiting') return state;
  const failedEvent = events.find(
    (e) => !state.knownEventIds.has(e.id) && e.eventType === 'DeclarationActionFinished' && /Unsuccessful$/.test(e.eventSubType ?? ''),
  );
  if (failedEvent) {
    return {
      phase: 'failed',
      label: state.label,
      status: d.currentStatus,
      errorCount: d.errors?.length ?? 0,
      ...(failedEvent.reason ? { reason: failedEvent.reason } : {}),
    };
  }
  const current = snapshotOf(d);
  if (!sameSnapshot(current, state.baseline)) {
    if (IN_PROGRESS_STATUSES.includes(current.status)) {
      // e.g. Submit: Submitted is accepted-by-the-service, the outcome is customs' answer.
      return { ...state, baseline: current, since: now, inProgress: current.status };
    }
    const errorCount = d.errors?.length ?? 0;
    return errorCount > 0
      ? { phase: 'failed', label: state.label, status: current.status, errorCount }
      : { phase: 'succeeded', label: state.label, status: current.status };
  }
  if (now - state.since >= AWAITING_TIMEOUT_MS)
    return { phase: 'timedOut', label: state.label, baseline: state.baseline, knownEventIds: state.knownEventIds };
  return state;
}

/**
 * A shown outcome follows the declaration: once it moved on (Accepted, then Released or
 * Delivered), the banner names the latest status, never one the badge beside it contradicts.
 */
export function withLatestStatus(state: AwaitingState, d: Pick<Declaration, 'currentStatus' | 'errors'>): AwaitingState {
  if (state.phase === 'succeeded' && state.status !== d.currentStatus) return { ...state, status: d.currentStatus };
  if (state.phase === 'failed' && !state.reason && (state.status !== d.currentStatus || state.errorCount !== (d.errors?.length ?? 0))) {
    return { ...state, status: d.currentStatus, errorCount: d.errors?.length ?? 0 };
  }
  return state;
}
