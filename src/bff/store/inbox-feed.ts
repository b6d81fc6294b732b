import { NotificationListener } from '../../server-kit/database/notifications.js';

/** The PostgreSQL channel a replica notifies on when it stores a new inbox row (payload: its seq). */
export const INBOX_CHANNEL = 'bff_event_inbox';

export interface InboxWatcher {
  /** New rows: `seq` is one of them; undefined means some may have been missed (after a reconnect): read all after the last one seen. */
  onNew(seq: number | undefined): void;
  /** The notification connection was lost; it is retried after `retryInMs`. */
  onError?(message: string, retryInMs: number): void;
}

export interface InboxWatch {
  /** False while the notification connection is down (this replica then hears of other replicas' events only after it reconnects). */
  readonly listening: boolean;
  stop(): Promise<void>;
}

/**
 * Wake-up calls for new inbox rows: from this process at once, and on PostgreSQL from every
 * replica through LISTEN/NOTIFY (the notification is sent in the transaction that stored the row).
 * Wake-ups carry no events: watchers read them from the inbox, which is the single source.
 */
export class InboxFeed {
  private readonly watchers = new Set<InboxWatcher>();
  private readonly stops = new Set<() => Promise<void>>();

  /** `databaseUrl`: the PostgreSQL database to LISTEN on; undefined on SQLite (one process). */
  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly applicationName: string,
  ) {}

  /** A row this process stored. */
  stored(seq: number): void {
    for (const w of this.watchers) w.onNew(seq);
  }

  /** Resolves once watching (on PostgreSQL: LISTEN in place; rejects when it cannot be). */
  async watch(watcher: InboxWatcher): Promise<InboxWatch> {
    const listener =
      this.databaseUrl === undefined
        ? undefined
        : await NotificationListener.start({
            url: this.databaseUrl,
            channel: INBOX_CHANNEL,
            applicationName: this.applicationName,
            onNotification: (payload) => {
              const seq = Number(payload);
              watcher.onNew(Number.isSafeInteger(seq) ? seq : undefined);
            },
            onConnected: () => watcher.onNew(undefined),
            onError: (message, retryInMs) => watcher.onError?.(message, retryInMs),
          });
    this.watchers.add(watcher);
    const stop = async (): Promise<void> => {
      this.watchers.delete(watcher);
      this.stops.delete(stop);
      await listener?.close();
    };
    this.stops.add(stop);
    return {
      get listening() {
        return listener?.listening ?? true;
      },
      stop,
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.stops].map((stop) => stop()));
  }
}
