/**
 * Webhook delivery (specification, Events: delivery rules 1-3; Limits): attempted at once, a 2xx
 * within 15 s is success; after a failure retried after these delays, then every 12 h, as long as
 * the attempt falls within 24 h of the event; undelivered events then expire.
 */
export const WEBHOOK_RESPONSE_TIMEOUT_S = 15;
export const WEBHOOK_RETRY_DELAYS_S: readonly number[] = [10, 30, 60, 300, 600, 1800, 3600, 3 * 3600, 6 * 3600];
export const WEBHOOK_RETRY_REPEAT_S = 12 * 3600;
export const WEBHOOK_RETRY_WINDOW_S = 24 * 3600;

export interface DeliveryAttempt {
  /** 1 is the immediate attempt. */
  attempt: number;
  /** Seconds after the event, when every earlier attempt failed at once. */
  atS: number;
  /** Wait since the previous attempt (0 for the first). */
  afterS: number;
}

/** Every attempt of one event whose deliveries all fail, in order; the window's end is when it expires. */
export function deliveryAttempts(): DeliveryAttempt[] {
  const attempts: DeliveryAttempt[] = [{ attempt: 1, atS: 0, afterS: 0 }];
  for (let n = 0; ; n++) {
    const afterS = WEBHOOK_RETRY_DELAYS_S[n] ?? WEBHOOK_RETRY_REPEAT_S;
    const atS = (attempts.at(-1)?.atS ?? 0) + afterS;
    if (atS > WEBHOOK_RETRY_WINDOW_S) return attempts;
    attempts.push({ attempt: attempts.length + 1, atS, afterS });
  }
}

/** "10 s", "1 min 40 s", "4 h 46 min": for people. */
export function formatDuration(totalS: number): string {
  const h = Math.floor(totalS / 3600);
  const m = Math.floor((totalS % 3600) / 60);
  const s = totalS % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : '', s || totalS === 0 ? `${s} s` : ''].filter(Boolean).join(' ');
}
