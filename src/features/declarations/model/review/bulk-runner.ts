import { DECLARATION_ACTIONS } from '../../../../contract/declaration-actions';
import type { LiveEvent } from '../../../../contract/live';
import type { BulkAction, BulkRowOutcome } from '../../../../contract/review';
import type { Role } from '../../../../contract/user-claims';
import { actionAvailability, type AvailabilityFacts } from '../actions/action-availability';

/** One row of a bulk run, from queued to its answer (and, once accepted, the outcome the live events bring). */
export type BulkRowState =
  | { kind: 'queued' }
  | { kind: 'sending'; attempt: number }
  | { kind: 'retrying'; attempt: number; status: number; retryAt: number }
  | { kind: 'accepted'; outcome: string | undefined }
  | { kind: 'failed'; detail: string }
  | { kind: 'cancelled' }
  | { kind: 'skipped'; reason: string };

export type SendResult = { ok: true } | { ok: false; status: number; detail: string; retryAfterMs?: number | undefined };

/** Answers the specification says to retry with backoff that cannot have been acted on (Errors, retry guidance). */
export const BULK_RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);
export const BULK_MAX_ATTEMPTS = 5;
export const BULK_CONCURRENCY = 3;

export interface BulkPlan<T> {
  runnable: T[];
  skipped: { target: T; reason: string }[];
}

/**
 * Splits the selection into those whose status (and the user's role) allow the action, and the
 * rest with why. Validate and Submit depend on status and role only (no excise or movement side),
 * so a row of the review desk, which knows only the status, is enough.
 */
export function planBulk<T extends Pick<AvailabilityFacts, 'currentStatus'>>(action: BulkAction, targets: readonly T[], roles: readonly Role[]): BulkPlan<T> {
  const plan: BulkPlan<T> = { runnable: [], skipped: [] };
  for (const target of targets) {
    const availability = actionAvailability(action, { currentStatus: target.currentStatus, arc: null, direction: 'IN' }, roles);
    if (availability.available) plan.runnable.push(target);
    else plan.skipped.push({ target, reason: availability.reason });
  }
  return plan;
}

/** The backoff before attempt `attempt + 1`: Retry-After when given, else 1 s, 2 s, 4 s ... with ±20 % jitter. */
export function backoffMs(attempt: number, retryAfterMs: number | undefined, random: () => number): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return retryAfterMs;
  return Math.round(1000 * 2 ** (attempt - 1) * (0.8 + 0.4 * random()));
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
 * Sends the action for every id, a few at a time. 429 and 503 wait (Retry-After, else
 * exponential backoff) and try again; any other failure ends that row. Cancelling stops rows not
 * yet sent (and those waiting to retry); a call already sent finishes. Resolves with each row's
 * last state.
 */
export async function runBulk(options: BulkRunOptions): Promise<Map<string, BulkRowState>> {
  const { ids, send, signal, concurrency = BULK_CONCURRENCY, sleep = defaultSleep, random = Math.random, now = Date.now, maxAttempts = BULK_MAX_ATTEMPTS } = options;
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
      if (result.ok) return set(id, { kind: 'accepted', outcome: undefined });
      if (!BULK_RETRY_STATUSES.has(result.status) || attempt >= maxAttempts) return set(id, { kind: 'failed', detail: result.detail });
      const wait = backoffMs(attempt, result.retryAfterMs, random);
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
    return { declarationId: id, outcome: `${event.eventSubType || 'Finished'}${status ? ` · ${status}` : ''}${reason ? `: ${reason}` : ''}` };
  }
  if (event.eventType === 'DeclarationStatusChanged') return { declarationId: id, outcome: `Now ${event.eventSubType || text('currentStatus') || 'changed'}` };
  return undefined;
}

/** What the BFF records of a row. */
export function recordedOutcome(declarationId: string, state: BulkRowState): BulkRowOutcome {
  switch (state.kind) {
    case 'accepted':
      return { declarationId, outcome: 'accepted', ...(state.outcome ? { detail: state.outcome.slice(0, 500) } : {}) };
    case 'failed':
      return { declarationId, outcome: 'failed', detail: state.detail.slice(0, 500) };
    case 'skipped':
      return { declarationId, outcome: 'skipped', detail: state.reason.slice(0, 500) };
    default:
      return { declarationId, outcome: 'cancelled' };
  }
}

/** Rows that have their answer (for the progress bar). */
export const isSettled = (state: BulkRowState): boolean => !['queued', 'sending', 'retrying'].includes(state.kind);
