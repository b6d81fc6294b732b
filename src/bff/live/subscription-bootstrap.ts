import { z } from 'zod';
import { LIVE_EVENT_TYPES } from '../../contract/live.js';
import { backoffDelay } from '../../contract/retry-policy.js';
import {
  DESTINATION_TYPE,
  subscriptionCreatedSchema,
  subscriptionSchema,
  type SubscriptionCreateInput,
} from '../../contract/subscriptions.js';
import type { LiveSubscriptionRecord, LiveSubscriptionRepository } from '../store/live-subscriptions.js';
import type { TokenCache } from '../upstream/token-cache.js';
import { secretFingerprint, WEBHOOK_SECRET_HEADER } from './webhook-secret.js';

export const WEBHOOK_PATH = '/webhooks/customs';

export interface BootstrapState {
  /** pending: not run yet (the server is not listening); syncing: first run; synced: all wanted subscriptions exist; retrying: the last run failed. */
  status: 'pending' | 'syncing' | 'synced' | 'retrying' | 'stopped';
  destinationUrl: string | undefined;
  /** The subscriptions the deployment holds (from the database every replica shares). */
  subscriptions: { eventType: string; id: string }[];
  /** Failed runs in a row. */
  failures: number;
  lastError: string | undefined;
  lastSyncAt: string | undefined;
  nextAttemptAt: string | undefined;
}

export interface BootstrapOptions {
  records: LiveSubscriptionRepository;
  /**
   * Runs a reconciliation with the deployment-wide lock held, so replicas starting together
   * create one set of subscriptions (the later one finds the first one's records and keeps them).
   */
  exclusively<T>(work: () => Promise<T>, signal: AbortSignal): Promise<T>;
  tokens: TokenCache;
  /** Base URL of the customs service, `/v1/...` is appended. */
  upstreamBaseUrl: string;
  secret: string;
  eventTypes?: readonly string[];
  /**
   * Re-check after a success, so a subscription deleted by someone else (or by a sandbox reset)
   * comes back (default 1 min: five reads a minute, and live updates are not gone for long).
   */
  recheckMs?: number;
  /** First retry delay; doubles per failure up to maxRetryMs (the retry policy's backoff). */
  retryMs?: number;
  maxRetryMs?: number;
  timeoutMs?: number;
  log?: (level: 'info' | 'warn', message: string, detail?: Record<string, unknown>) => void;
  /**
   * Subscriptions the BFF had were gone upstream and have just been created again: events of these
   * types sent meanwhile were lost to the console (installLive tells the connected consoles).
   */
  onRecreated?: (eventTypes: string[]) => Promise<void>;
}

/** The upstream answered something the bootstrap cannot use; the run fails and is retried. */
class UpstreamCallError extends Error {}

/**
 * Makes sure the service has exactly one subscription per wanted event type pointing at the
 * console (specification, Subscriptions), one set for the whole deployment however many replicas
 * run. Subscriptions cannot be updated, so a changed destination or secret means: create the new
 * one, then delete the old one (created first, so no event falls in between; the inbox
 * de-duplicates the overlap). The ids live in the BFF's database; only subscriptions the BFF
 * created are ever deleted. Never throws: failures are retried with backoff and shown in /readyz.
 */
export class SubscriptionBootstrap {
  private readonly options: Required<Omit<BootstrapOptions, 'log' | 'onRecreated'>> & Pick<BootstrapOptions, 'log' | 'onRecreated'>;
  private readonly stopped = new AbortController();
  private destinationUrl: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private current: BootstrapState = {
    status: 'pending',
    destinationUrl: undefined,
    subscriptions: [],
    failures: 0,
    lastError: undefined,
    lastSyncAt: undefined,
    nextAttemptAt: undefined,
  };
  private readonly syncedWaiters: (() => void)[] = [];

  constructor(options: BootstrapOptions) {
    this.options = {
      eventTypes: LIVE_EVENT_TYPES,
      recheckMs: 60_000,
      retryMs: 1_000,
      maxRetryMs: 5 * 60_000,
      timeoutMs: 10_000,
      ...options,
    };
  }

  /** Reads the deployment's subscriptions into `state` (before the first run, and after each). */
  async refresh(): Promise<void> {
    this.current.subscriptions = (await this.options.records.list()).map((r) => ({ eventType: r.eventType, id: r.id }));
  }

  get state(): BootstrapState {
    return { ...this.current, subscriptions: [...this.current.subscriptions] };
  }

  /** Starts in the background (the caller does not wait). `publicUrl`: the console's base URL. */
  start(publicUrl: string): void {
    this.destinationUrl = `${publicUrl.replace(/\/+$/, '')}${WEBHOOK_PATH}`;
    this.current.destinationUrl = this.destinationUrl;
    this.current.status = 'syncing';
    this.schedule(0);
  }

  /** Resolves once a run has succeeded (tests; not needed for operation). */
  whenSynced(): Promise<void> {
    if (this.current.status === 'synced') return Promise.resolve();
    return new Promise((resolve) => this.syncedWaiters.push(resolve));
  }

  /** Runs a check now instead of at the next scheduled time (tests; an operator's nudge); resolves when it has run. */
  async checkNow(): Promise<void> {
    if (this.stopped.signal.aborted || !this.destinationUrl) return;
    await this.running;
    clearTimeout(this.timer);
    this.running = this.runOnce().finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  /** Stops retries and aborts calls in flight; waits for a run in progress to end. */
  async stop(): Promise<void> {
    this.stopped.abort();
    clearTimeout(this.timer);
    this.current.status = 'stopped';
    this.current.nextAttemptAt = undefined;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped.signal.aborted) return;
    this.current.nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
    this.timer = setTimeout(() => {
      this.running = this.runOnce().finally(() => {
        this.running = undefined;
      });
    }, delayMs);
    // The server keeps the process alive; this timer never should.
    this.timer.unref();
  }

  private async runOnce(): Promise<void> {
    this.current.nextAttemptAt = undefined;
    try {
      await this.options.exclusively(() => this.reconcile(), this.stopped.signal);
      await this.refresh();
      if (this.stopped.signal.aborted) return;
      this.current = { ...this.current, status: 'synced', failures: 0, lastError: undefined, lastSyncAt: new Date().toISOString() };
      for (const resolve of this.syncedWaiters.splice(0)) resolve();
      this.schedule(this.options.recheckMs);
    } catch (e) {
      if (this.stopped.signal.aborted) return;
      const failures = this.current.failures + 1;
      const message = e instanceof Error ? e.message : String(e);
      this.current = { ...this.current, status: 'retrying', failures, lastError: message };
      const delay = backoffDelay(failures, undefined, Math.random, { baseMs: this.options.retryMs, capMs: this.options.maxRetryMs });
      this.options.log?.('warn', 'webhook subscriptions not in place yet; retrying', { failures, error: message, retryInMs: delay });
      this.schedule(delay);
      await this.refresh().catch(() => undefined /* the database is away too: the state keeps the last list */);
    }
  }

  private async reconcile(): Promise<void> {
    const destinationUrl = this.destinationUrl;
    if (!destinationUrl) throw new Error('not started');
    const fingerprint = secretFingerprint(this.options.secret);
    const wanted = new Set(this.options.eventTypes);
    const kept = new Set<string>();
    const stale: LiveSubscriptionRecord[] = [];
    const gone = new Set<string>();
    const records = this.options.records;

    for (const row of await records.list()) {
      if (!wanted.has(row.eventType) || kept.has(row.eventType)) {
        stale.push(row);
        continue;
      }
      const found = await this.call('GET', `/v1/subscriptions/${encodeURIComponent(row.id)}`);
      if (found.status === 404) {
        await records.remove(row.id);
        if (wanted.has(row.eventType)) gone.add(row.eventType);
        this.options.log?.('info', 'webhook subscription is gone upstream; it will be created again', {
          id: row.id,
          eventType: row.eventType,
        });
        continue;
      }
      if (found.status !== 200) throw new UpstreamCallError(`GET /v1/subscriptions/{id} answered ${found.status}`);
      const sub = subscriptionSchema.safeParse(found.body);
      if (!sub.success) throw new UpstreamCallError('GET /v1/subscriptions/{id} answered an unexpected body');
      const d = sub.data.destinationDescription;
      const current =
        sub.data.eventType === row.eventType &&
        !sub.data.eventSubType &&
        d.destinationUrl === destinationUrl &&
        row.destinationUrl === destinationUrl &&
        row.secretFingerprint === fingerprint &&
        (d.additionalHeaders ?? []).some((h) => h.name.toLowerCase() === WEBHOOK_SECRET_HEADER.toLowerCase());
      if (current) kept.add(row.eventType);
      else stale.push(row);
    }

    for (const eventType of wanted) {
      if (kept.has(eventType)) continue;
      const body: SubscriptionCreateInput = {
        eventType,
        subscriptionDestination: { destinationType: DESTINATION_TYPE },
        destinationDescription: { destinationUrl, additionalHeaders: [{ name: WEBHOOK_SECRET_HEADER, value: this.options.secret }] },
      };
      const created = await this.call('POST', '/v1/subscriptions', body);
      const parsed = subscriptionCreatedSchema.safeParse(created.body);
      if (created.status !== 201 || !parsed.success)
        throw new UpstreamCallError(`POST /v1/subscriptions (${eventType}) answered ${created.status}${problemDetail(created.body)}`);
      // Recorded at once: a crash later in this run must not leave a subscription the BFF does not know about.
      await records.add({
        id: parsed.data.id,
        eventType,
        destinationUrl,
        secretFingerprint: fingerprint,
        createdAt: new Date().toISOString(),
      });
      this.options.log?.('info', 'webhook subscription created', { id: parsed.data.id, eventType, destinationUrl });
    }
    // Only once every gone one is back: from here on nothing more is missed, so a refetch now sees everything.
    if (gone.size > 0) await this.options.onRecreated?.([...gone]);

    for (const row of stale) {
      const deleted = await this.call('DELETE', `/v1/subscriptions/${encodeURIComponent(row.id)}`);
      if (deleted.status !== 404 && (deleted.status < 200 || deleted.status >= 300))
        throw new UpstreamCallError(`DELETE /v1/subscriptions/{id} answered ${deleted.status}`);
      await records.remove(row.id);
      this.options.log?.('info', 'webhook subscription replaced or no longer wanted; deleted', { id: row.id, eventType: row.eventType });
    }
  }

  /** One JSON call with the service token; a 401 drops the token and the call is sent once more. */
  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const send = async (token: string): Promise<{ status: number; body: unknown }> => {
      const res = await fetch(`${this.options.upstreamBaseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.any([this.stopped.signal, AbortSignal.timeout(this.options.timeoutMs)]),
        redirect: 'manual',
      });
      const text = await res.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON: callers check the status and the shape */
      }
      return { status: res.status, body: parsed };
    };
    const token = await this.options.tokens.get();
    const first = await send(token);
    if (first.status !== 401) return first;
    this.options.tokens.invalidate(token);
    return send(await this.options.tokens.get());
  }
}

const problemDetailSchema = z.looseObject({ detail: z.string() });
const problemDetail = (body: unknown): string => {
  const p = problemDetailSchema.safeParse(body);
  return p.success ? `: ${p.data.detail.slice(0, 300)}` : '';
};
