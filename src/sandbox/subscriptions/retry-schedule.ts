/**
 * Webhook retry schedule (specification, Webhook delivery rule 3; docs/service-facts.md 3.5): after a
 * failed attempt wait 10 s, 30 s, 1 min, 5 min, 10 min, 30 min, 1 h, 3 h, 6 h, then every 12 h,
 * as long as the attempt falls within 24 h of the event; then the delivery expires.
 * Every delay and the window are divided by the sandbox's time scale.
 */
export const RETRY_DELAYS_MS: readonly number[] = [10, 30, 60, 300, 600, 1800, 3600, 3 * 3600, 6 * 3600].map((s) => s * 1000);
export const REPEAT_DELAY_MS = 12 * 3600 * 1000;
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The vendor adds "a small randomization" to every interval (docs/service-facts.md 3.5). Sandbox
 * default: each delay is multiplied by a uniform factor in [0.95, 1.05], so a retry comes no
 * earlier than 95% and no later than 105% of its nominal delay (plus the queue's polling, 50 ms).
 */
export const JITTER_RATIO = 0.05;

/** Nominal delay after the n-th failed attempt (n = 1 after the first attempt failed). */
export function nominalRetryDelayMs(failedAttempts: number): number {
  return RETRY_DELAYS_MS[failedAttempts - 1] ?? REPEAT_DELAY_MS;
}

/** Delay with jitter, before time scaling. random() in [0, 1). */
export function jitteredDelayMs(nominalMs: number, random: () => number = Math.random): number {
  return nominalMs * (1 + JITTER_RATIO * (2 * random() - 1));
}

/** The retry window of an event, time-scaled: when its deliveries expire. */
export function expiryFor(eventTimeMs: number, timeScale: number): number {
  return Math.round(eventTimeMs + RETRY_WINDOW_MS / timeScale);
}

export interface NextAttemptInput {
  failedAttempts: number;
  failedAt: number;
  expiresAt: number;
  timeScale: number;
  random?: () => number;
}

/**
 * When to try again after a failure, or null when the nominal next attempt falls after the
 * window (the delivery expires then). A jittered time past the window is clamped to its end.
 */
export function nextAttemptAt({ failedAttempts, failedAt, expiresAt, timeScale, random }: NextAttemptInput): number | null {
  const nominal = nominalRetryDelayMs(failedAttempts);
  if (failedAt + nominal / timeScale > expiresAt) return null;
  // Whole milliseconds: times are stored as integers (bigint on PostgreSQL).
  return Math.min(expiresAt, Math.round(failedAt + jitteredDelayMs(nominal, random) / timeScale));
}
