import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { backoffDelay } from '../../contract/retry-policy.js';

/**
 * PostgreSQL LISTEN/NOTIFY between processes on one database. A notification is a wake-up call,
 * not a message queue: it is delivered only to sessions listening when the notifying transaction
 * commits, so a listener that was reconnecting has missed some. `onConnected` runs after every
 * (re)connect, once LISTEN is in place, for the caller to catch up from its own tables.
 */

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkedChannel(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`notification channel "${channel}" must be a lower-case SQL identifier`);
  return channel;
}

/** `SELECT pg_notify(channel, payload)`: run it in the transaction that wrote what it announces (delivered at commit, dropped on rollback). */
export function notifyQuery(channel: string, payload: string): RawBuilder<unknown> {
  return sql`SELECT pg_notify(${checkedChannel(channel)}, ${payload})`;
}

export interface ListenOptions {
  /** postgres:// URL of the database the notifications are sent on. */
  url: string;
  channel: string;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  onNotification(payload: string): void;
  /** After the first connect and every reconnect, LISTEN already in place: catch up on what may have been missed. */
  onConnected(): void;
  /** A lost or failed connection; it is retried after `retryInMs`. */
  onError?(message: string, retryInMs: number): void;
  /** First reconnect delay (default 500 ms), doubled per failure up to maxRetryMs (default 30 s), the retry policy's jitter. */
  retryMs?: number;
  maxRetryMs?: number;
  /** A round trip this often (default 30 s) notices a connection that died without a word (a half-open TCP connection). */
  pingMs?: number;
}

/**
 * One dedicated connection that LISTENs (a pooled connection cannot: LISTEN belongs to the
 * session). Reconnects with backoff until closed.
 */
export class NotificationListener {
  private client: pg.Client | undefined;
  private connected = false;
  private closed = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;

  private constructor(private readonly options: ListenOptions) {
    checkedChannel(options.channel);
  }

  /** Resolves once listening; rejects when the first connection fails (start-up should stop on it). */
  static async start(options: ListenOptions): Promise<NotificationListener> {
    const listener = new NotificationListener(options);
    try {
      await listener.connect();
    } catch (e) {
      await listener.close();
      throw e;
    }
    return listener;
  }

  /** True while LISTEN is in place (readiness detail). */
  get listening(): boolean {
    return this.connected;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      application_name: this.options.applicationName,
      keepAlive: true,
      query_timeout: 10_000,
    });
    // Without a listener an 'error' event would end the process; a lost connection is retried instead.
    client.on('error', (e) => this.lost(client, e.message));
    client.on('end', () => this.lost(client, 'connection ended'));
    client.on('notification', (n) => {
      if (client === this.client && n.channel === this.options.channel) this.options.onNotification(n.payload ?? '');
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.options.channel)}`);
    } catch (e) {
      this.lost(client, e instanceof Error ? e.message : String(e));
      throw e;
    }
    if (this.closed || client !== this.client) return;
    this.connected = true;
    this.failures = 0;
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      client.query('SELECT 1').catch((e: unknown) => this.lost(client, e instanceof Error ? e.message : String(e)));
    }, this.options.pingMs ?? 30_000).unref();
    this.options.onConnected();
  }

  /** Drops `client` (once, whichever of error/end/ping noticed it first) and schedules a reconnect. */
  private lost(client: pg.Client, message: string): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    this.connected = false;
    clearInterval(this.pingTimer);
    void client.end().catch(() => undefined);
    this.failures += 1;
    const retryMs = this.options.retryMs ?? 500;
    const delay = backoffDelay(this.failures, undefined, Math.random, { baseMs: retryMs, capMs: this.options.maxRetryMs ?? 30_000 });
    this.options.onError?.(message, delay);
    this.retryTimer = setTimeout(() => {
      this.connect().catch(() => undefined /* lost() has scheduled the next attempt */);
    }, delay);
    this.retryTimer.unref();
  }
}
