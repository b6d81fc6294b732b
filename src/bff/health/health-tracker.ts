import type { UpstreamCallOutcome } from '../upstream/upstream-client.js';

const HOUR_MS = 3_600_000;
/** Calls kept for the last hour's figures (the most recent ones when there are more). */
const MAX_CALLS = 50_000;
const PRUNE_BATCH = 5_000;
const PRUNE_SLACK_MS = 60_000;

/** What counts as the service failing: no answer, a 5xx, or a 401 (the token is not accepted). */
export const isServiceFailure = (status: number | 'error'): boolean => status === 'error' || status === 401 || status >= 500;

/** Failures since the last success (calls and token requests): when they began, how many, the last one. */
export interface FailureStreak {
  sinceMs: number;
  failures: number;
  lastError: string;
}

const errorOf = (status: number | 'error'): string => (status === 'error' ? 'no answer' : `HTTP ${status}`);

/**
 * This replica's view of the service, for the health page and the health alerts: the service
 * token's last success and failures, the calls of the last hour (kept as they come, dropped once
 * an hour old), and the failures since the service last answered well.
 */
export class HealthTracker {
  private calls: { atMs: number; ms: number; failed: boolean }[] = [];
  private streak: FailureStreak | undefined;
  private lastSuccessMs: number | undefined;
  private token = {
    lastObtainedAt: null as string | null,
    lastFailureAt: null as string | null,
    lastError: null as string | null,
    failuresInARow: 0,
  };

  constructor(private readonly now: () => number = Date.now) {}

  onTokenFetch(outcome: { ok: boolean; status?: number; error?: string }): void {
    const at = new Date(this.now()).toISOString();
    if (outcome.ok) this.token = { ...this.token, lastObtainedAt: at, failuresInARow: 0 };
    else {
      const error = outcome.error ?? (outcome.status ? errorOf(outcome.status) : 'failed');
      // A token the service will not give is the service failing too; a token given says nothing of the calls.
      this.failed(error);
      this.token = { ...this.token, lastFailureAt: at, lastError: error, failuresInARow: this.token.failuresInARow + 1 };
    }
  }

  onUpstreamCall(call: UpstreamCallOutcome): void {
    const atMs = this.now();
    const failed = isServiceFailure(call.status);
    this.calls.push({ atMs, ms: call.seconds * 1000, failed });
    if (failed) this.failed(errorOf(call.status));
    else {
      this.streak = undefined;
      this.lastSuccessMs = atMs;
    }
    // This runs on every proxied call: prune in batches (a minute or 5,000 calls past the limits), not on each call.
    const oldest = this.calls[0]?.atMs ?? atMs;
    if (this.calls.length > MAX_CALLS + PRUNE_BATCH || oldest < atMs - HOUR_MS - PRUNE_SLACK_MS) this.prune(atMs);
  }

  /** The failures since the last good answer; undefined when the last call was answered well (or none failed). */
  failureStreak(): FailureStreak | undefined {
    return this.streak && { ...this.streak };
  }

  /** When the service last answered a call well (not 5xx, 401 or no answer). */
  lastSuccessAt(): number | undefined {
    return this.lastSuccessMs;
  }

  tokenState(): typeof this.token {
    return { ...this.token };
  }

  lastHour(): { calls: number; errors: number; errorRate: number; p50Ms: number | null; p95Ms: number | null } {
    this.prune(this.now());
    const times = this.calls.map((c) => c.ms).sort((a, b) => a - b);
    const errors = this.calls.filter((c) => c.failed).length;
    const pick = (q: number): number | null =>
      times.length === 0 ? null : Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
    return { calls: times.length, errors, errorRate: times.length === 0 ? 0 : errors / times.length, p50Ms: pick(0.5), p95Ms: pick(0.95) };
  }

  private failed(error: string): void {
    this.streak = { sinceMs: this.streak?.sinceMs ?? this.now(), failures: (this.streak?.failures ?? 0) + 1, lastError: error };
  }

  private prune(nowMs: number): void {
    const from = nowMs - HOUR_MS;
    this.calls = this.calls.filter((c) => c.atMs >= from).slice(-MAX_CALLS);
  }
}
