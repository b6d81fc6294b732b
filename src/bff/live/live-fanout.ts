import type { EventInboxRepository } from '../store/event-inbox.js';
import type { InboxWatch, InboxWatcher } from '../store/inbox-feed.js';
import type { LiveHub } from './live-hub.js';

/** Events read per query while catching up. */
const BATCH = 200;
/** After a failed read (database briefly away), try again this soon. */
const RETRY_MS = 1_000;

export interface LiveFanOutDeps {
  inbox: Pick<EventInboxRepository, 'oldestAfter' | 'latestSeq'>;
  hub: LiveHub;
  /** The store's wake-ups for new inbox rows (this process, and on PostgreSQL every replica). */
  watch(watcher: InboxWatcher): Promise<InboxWatch>;
  log(level: 'warn' | 'error', message: string, detail: Record<string, unknown>): void;
}

/**
 * Sends every event stored in the inbox, by whichever replica, to this process's /api/live
 * streams exactly once and in seq order. Wake-ups only say "there is something new": the events
 * are read from the inbox after the last seq sent, and seq is commit order (see the inbox), so a
 * wake-up lost while the notification connection was down costs nothing once it is back (every
 * reconnect wakes it), and one event announced twice is sent once.
 */
export class LiveFanOut {
  private lastSeq = 0;
  private pending = false;
  private running: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  private watching: InboxWatch | undefined;

  constructor(private readonly deps: LiveFanOutDeps) {}

  /** Starts after what is stored now (earlier events reach a client only through its Last-Event-ID). */
  async start(): Promise<void> {
    this.lastSeq = await this.deps.inbox.latestSeq();
    this.watching = await this.deps.watch({
      onNew: (seq) => this.wake(seq),
      onError: (message, retryInMs) =>
        this.deps.log('warn', 'live events from other replicas paused: notification connection lost; reconnecting', {
          error: message,
          retryInMs,
        }),
    });
  }

  /** False while this replica cannot hear other replicas' events (for /readyz; it catches up when back). */
  get listening(): boolean {
    return this.watching?.listening ?? false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.watching?.stop();
    await this.running;
  }

  private wake(seq: number | undefined): void {
    if (seq !== undefined && seq <= this.lastSeq) return; // sent already
    this.pending = true;
    this.kick();
  }

  /** One read loop at a time; a wake-up during it makes it read once more. */
  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.pending) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.pending && !this.stopped) {
      this.pending = false;
      try {
        for (;;) {
          const batch = await this.deps.inbox.oldestAfter(this.lastSeq, BATCH);
          for (const event of batch) {
            if (this.stopped) return;
            this.deps.hub.broadcast(event);
            this.lastSeq = event.seq;
          }
          if (batch.length < BATCH) break;
        }
      } catch (e) {
        this.deps.log('error', 'live events could not be read from the inbox; retrying', {
          error: e instanceof Error ? e.message : String(e),
          retryInMs: RETRY_MS,
        });
        clearTimeout(this.retry);
        this.retry = setTimeout(() => this.wake(undefined), RETRY_MS).unref();
        return;
      }
    }
  }
}
