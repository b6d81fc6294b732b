import { DECLARATION_ACTIONS } from '../../../../contract/declaration-actions';
import type { LiveEvent } from '../../../../contract/live';
import type { BulkAction, BulkRowOutcome } from '../../../../contract/review';
import { backoffDelay, MAX_ATTEMPTS, mayRetry } from '../../../../contract/retry-policy';
import type { Role } from '../../../../contract/user-claims';
import { actionAvailability, type AvailabilityFacts } from '../actions/action-availability';

/** One row of a bulk run, from queued to its answer (and, once accepted, the outcome the live events bring). */
export type BulkRowState =
  | { kind: 'queued' }
  | { kind: 'sending'; attempt: number }
  | { kind: 'retrying'; attempt: number; status: number; retryAt: number }
  | { kind: 'accepted'; outcome: string | undefined }
  /** Kept by the four-eyes policy: nothing was sent; a supervisor approves it on the approvals page. */
  | { kind: 'held' }
  | { kind: 'failed'; detail: string }
  /** A 5xx or a lost connection after the request was sent: the service may have acted; never sent again. `detail`: the answer's (the row says in the user's language that it may have been processed). */
  | { kind: 'unsure'; detail: string }
  | { kind: 'cancelled' }
  | { kind: 'skipped'; reason: string };

export type SendResult = { ok: true; held?: boolean } | { ok: false; status: number; detail: string; retryAfterMs?: number | undefined };

export const BULK_CONCURRENCY = 3;

/** What the BFF records of an unsure row (in English, the records' language); the console says it in the user's language. */
export const MAY_HAVE_BEEN_PROCESSED = 'may have been processed — check the declaration’s status';

export interface BulkPlan<T> {
  runnable: T[];
  skipped: { target: T; reason: string }[];
}

/**
 * Splits the selection into those whose status (and the user's role) allow the action, and the
 * rest with why. Validate and Submit depend on status and role only (no excise or movement side),
 * so a row of the review desk, which knows only the status, is enough.
 */
export function planBulk<T extends Pick<AvailabilityFacts, 'currentStatus'>>(
  action: BulkAction,
  targets: readonly T[],
  roles: readonly Role[],
): BulkPlan<T> {
  const plan: BulkPlan<T> = { runnable: [], skipped: [] };
  for (const target of targets) {
    const availability = actionAvailability(action, { currentStatus: target.currentStatus, arc: null, direction: 'IN' }, roles);
    if (availability.available) plan.runnable.push(target);
    else plan.skipped.push({ target, reason: availability.reason });
  }
  return plan;
}

export interface BulkRunOptions {
  ids: readonly string[];
  send: (declarationId: string, signal: AbortSignal) => Promise<SendResult>;
  onState: (declarationId: string, state: BulkRowState) => void;
  signal: AbortSignal;
  /** Rows in flight at once (2–4). */
  concurrency?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  maxAttempts?: number;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Sends the action for every id, a few at a time, by the one retry policy for acting POSTs: a 429
 * waits (Retry-After, else the policy's backoff) and is sent again; a 5xx or a lost connection
 * may have come after the service acted, so the row is never sent again but marked unsure until
 * the declaration's events tell (see liveOutcome); any other failure ends that row. `send` must
 * not retry itself. Cancelling stops rows not yet sent (and those waiting to retry); a call
 * already sent finishes. Resolves with each row's last state.
 */
/** A 5xx, or no answer at all (0): the request may have reached the service and been acted on. */
const mayHaveActed = (status: number): boolean => status === 0 || status >= 500;

export async function runBulk(options: BulkRunOptions): Promise<Map<string, BulkRowState>> {
  const {
    ids,
    send,
    signal,
    concurrency = BULK_CONCURRENCY,
    sleep = defaultSleep,
    random = Math.random,
    now = Date.now,
    maxAttempts = MAX_ATTEMPTS,
  } = options;
  const final = new Map<string, BulkRowState>();
  const set = (id: string, state: BulkRowState) => {
    final.set(id, state);
    options.onState(id, state);
  };
  const queue = [...ids];
  for (const id of queue) set(id, { kind: 'queued' });

  const runOne = async (id: string): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) return set(id, { kind: 'cancelled' });
      set(id, { kind: 'sending', attempt });
      let result: SendResult;
      try {
        result = await send(id, signal);
      } catch (e) {
        result = { ok: false, status: 0, detail: e instanceof Error ? e.message : String(e) };
      }
      if (result.ok) return set(id, result.held ? { kind: 'held' } : { kind: 'accepted', outcome: undefined });
      if (mayHaveActed(result.status)) return set(id, { kind: 'unsure', detail: result.detail });
      if (!mayRetry('acting', result.status) || attempt >= maxAttempts) return set(id, { kind: 'failed', detail: result.detail });
      const wait = backoffDelay(attempt, result.retryAfterMs, random);
      set(id, { kind: 'retrying', attempt, status: result.status, retryAt: now() + wait });
      await sleep(wait, signal);
    }
  };

  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      if (signal.aborted) set(id, { kind: 'cancelled' });
      else await runOne(id);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, ids.length)) }, worker));
  return final;
}

/**
 * What a live event says of an accepted row: the action's outcome (DeclarationActionFinished,
 * e.g. ValidateUnsuccessful, with the status it left and the service's reason when given), or a
 * new status. undefined when the event is not about this action.
 */
export function liveOutcome(event: LiveEvent, action: BulkAction): { declarationId: string; outcome: string } | undefined {
  const id = event.data['id'];
  if (typeof id !== 'string') return undefined;
  const text = (key: string) => (typeof event.data[key] === 'string' ? event.data[key] : undefined);
  if (event.eventType === 'DeclarationActionFinished' && event.data['action'] === DECLARATION_ACTIONS[action].segment) {
    const status = text('currentStatus');
    const reason = text('reason');
    return {
      declarationId: id,
      outcome: `${event.eventSubType || 'Finished'}${status ? ` · ${status}` : ''}${reason ? `: ${reason}` : ''}`,
    };
  }
  if (event.eventType === 'DeclarationStatusChanged')
    return { declarationId: id, outcome: `Now ${event.eventSubType || text('currentStatus') || 'changed'}` };
  return undefined;
}

/** What the BFF records of a row. */
export function recordedOutcome(declarationId: string, state: BulkRowState): BulkRowOutcome {
  switch (state.kind) {
    case 'accepted':
      return { declarationId, outcome: 'accepted', ...(state.outcome ? { detail: state.outcome.slice(0, 500) } : {}) };
    case 'failed':
      return { declarationId, outcome: 'failed', detail: state.detail.slice(0, 500) };
    case 'unsure':
      return { declarationId, outcome: 'failed', detail: `${state.detail} The action ${MAY_HAVE_BEEN_PROCESSED}.`.slice(0, 500) };
    case 'skipped':
      return { declarationId, outcome: 'skipped', detail: state.reason.slice(0, 500) };
    case 'held':
      return { declarationId, outcome: 'held', detail: 'Sent for approval by a supervisor' };
    default:
      return { declarationId, outcome: 'cancelled' };
  }
}

/** Rows that have their answer (for the progress bar). */
export const isSettled = (state: BulkRowState): boolean => !['queued', 'sending', 'retrying'].includes(state.kind);
