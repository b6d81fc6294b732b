/**
 * The one retry policy of the console, the BFF and the server kit: which answers a request may be
 * sent again after, how many times, and how long to wait before it. Every retry loop imports it;
 * a caller with its own loop turns the client's off (`retry: 'none'`) so retries never stack.
 *
 * - A request that does the same when sent twice (GET, HEAD, PUT, DELETE, the service's merge
 *   PATCHes, a POST that only reads) is retried after 429, 500, 502, 503, 504 and a network
 *   failure.
 * - A POST that acts (a shipment, a declaration action, a run) is retried after 429 only: a
 *   rate-limited request was not processed, while a 5xx or a lost connection may come after the
 *   service acted, so sending it again could act twice. The same rule holds for single and bulk
 *   actions; what happened is then learnt from the declaration's events or status.
 * - Waits: the server's Retry-After when it gives one, else 1 s, 2 s, 4 s ... (±20 % jitter, so
 *   many clients refused at once do not come back at once), never more than the cap.
 */

/** How a request may be sent again: `idempotent` and `acting` as above; `none`: never (the caller owns the loop). */
export type RetryClass = 'idempotent' | 'acting' | 'none';

/** The status a request "answered" when the server could not be reached. */
export const NETWORK_FAILURE = 0;

/** Answers after which an idempotent request is sent again. */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** Sends in all for one request, the first included (three retries). */
export const MAX_ATTEMPTS = 4;

/** First backoff, doubled per failure. */
export const BASE_DELAY_MS = 1_000;

/** The longest computed backoff. */
export const MAX_DELAY_MS = 30_000;

/** A Retry-After longer than this is not waited for by a request the user waits on: the error goes to the caller. */
export const MAX_RETRY_AFTER_MS = 30_000;

/** POST may act twice when sent twice; the other methods (and the service's merge patches) may not. */
export function retryClassOf(method: string): Exclude<RetryClass, 'none'> {
  return method.toUpperCase() === 'POST' ? 'acting' : 'idempotent';
}

/** Whether a request of this class may be sent again after `status` (NETWORK_FAILURE when nothing was answered). */
export function mayRetry(retryClass: RetryClass, status: number): boolean {
  switch (retryClass) {
    case 'none':
      return false;
    case 'acting':
      return status === 429;
    case 'idempotent':
      return status === NETWORK_FAILURE || TRANSIENT_STATUSES.has(status);
  }
}

export interface BackoffOptions {
  /** First delay (default BASE_DELAY_MS). */
  baseMs?: number;
  /** Longest computed delay (default MAX_DELAY_MS). */
  capMs?: number;
}

/**
 * The wait before the next send after `attempt` failures (1 for the first retry): Retry-After
 * when the server gave one, else baseMs · 2^(attempt-1), at most capMs, ±20 % jitter.
 * `random` is Math.random or a test's fixed value.
 */
export function backoffDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number,
  options: BackoffOptions = {},
): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return Math.round(retryAfterMs);
  const { baseMs = BASE_DELAY_MS, capMs = MAX_DELAY_MS } = options;
  const exponential = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/** Milliseconds a Retry-After header asks to wait: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month; Date.parse would also take '-5' or '1.5' for a date.
  const date = /[a-z]{3}/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
