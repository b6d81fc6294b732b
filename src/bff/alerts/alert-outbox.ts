import { ALERT_DELIVERY_ATTEMPTS } from '../../contract/alerts.js';
import { backoffDelay } from '../../contract/retry-policy.js';
import type { AlertsRepository, ClaimedDelivery } from '../store/alerts.js';
import type { ChannelSender } from './channels.js';

/** How often each replica looks for due deliveries (others' retries, its own after a restart). */
const POLL_MS = 2_000;
/** A claimed delivery is another replica's to retry if this one has not finished it by then. */
const LEASE_MS = 60_000;
const BATCH = 20;
/** Channel retries wait longer than a request's: 5 s, 10 s, 20 s ... at most 10 minutes. */
const BACKOFF = { baseMs: 5_000, capMs: 10 * 60_000 };

export interface OutboxOutcome {
  channel: ClaimedDelivery['channel'];
  outcome: 'sent' | 'retry' | 'failed';
}

/**
 * Sends the alerts' channel deliveries from the shared table: each due delivery is leased to one
 * replica, sent, and marked sent, or retried with backoff (the retry policy's) until
 * ALERT_DELIVERY_ATTEMPTS, then marked failed with the reason.
 */
export class AlertOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: {
      alerts: AlertsRepository;
      senders: Record<ClaimedDelivery['channel'], ChannelSender>;
      onOutcome?: (o: OutboxOutcome) => void;
      log: (level: 'warn' | 'info', message: string, detail: Record<string, unknown>) => void;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Sends what is due now (again once the current pass ends, when one is running). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((e: unknown) => this.deps.log('warn', 'alert deliveries not sent', { error: e instanceof Error ? e.message : String(e) }))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    for (;;) {
      const due = await this.deps.alerts.claimDue(BATCH, LEASE_MS);
      await Promise.all(due.map((d) => this.deliver(d)));
      if (due.length < BATCH || this.stopped) return;
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    try {
      await this.deps.senders[delivery.channel](delivery);
      await this.deps.alerts.markSent(delivery.id);
      this.deps.onOutcome?.({ channel: delivery.channel, outcome: 'sent' });
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      const attempt = delivery.attempts + 1;
      const retryAt =
        attempt >= ALERT_DELIVERY_ATTEMPTS ? null : new Date(Date.now() + backoffDelay(attempt, undefined, Math.random, BACKOFF));
      await this.deps.alerts.markAttemptFailed(delivery.id, reason, retryAt);
      this.deps.onOutcome?.({ channel: delivery.channel, outcome: retryAt ? 'retry' : 'failed' });
      this.deps.log('warn', retryAt ? 'alert delivery failed; retrying later' : 'alert delivery failed for good', {
        deliveryId: delivery.id,
        channel: delivery.channel,
        attempt,
        error: reason,
      });
    }
  }
}
