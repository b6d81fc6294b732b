import type { FastifyBaseLogger } from 'fastify';
import { isConnectionError } from '../../server-kit/database/connection-errors.js';
import type { ClaimedJob } from '../store/platform/jobs-repository.js';
import type { SandboxRepositories, SandboxStore } from '../store/sandbox-store.js';
import type { JobDefinition } from './job-definition.js';

export type Job = ClaimedJob;

/** What a handler asks for when it wants to run again later (e.g. the next webhook retry). */
export interface JobOutcome {
  retryInMs?: number;
}

export type JobHandler<P> = (payload: P, job: Job) => Promise<JobOutcome | void>;

interface Registration {
  /** Parses the stored payload, then runs the kind's handler on it. */
  handler: JobHandler<unknown>;
  concurrency: number;
  running: number;
}

/**
 * On PostgreSQL other sandbox processes may be running jobs right now: a running job is taken
 * back only when its claim is this old (its worker is presumed gone). Longer than any handler runs.
 */
export const STALE_CLAIM_MS = 5 * 60_000;

/** While the database is away, claiming is tried again after pollMs, doubled per failure up to this. */
const MAX_BACKOFF_MS = 5_000;

export interface JobQueueOptions {
  store: SandboxStore;
  log: FastifyBaseLogger;
  now?: () => number;
  pollMs?: number;
  /** PostgreSQL: how old a claim must be before its job is taken back (default STALE_CLAIM_MS). */
  reclaimAfterMs?: number;
}

/**
 * A persisted background queue. Enqueueing joins the caller's transaction (`enqueueIn(tx, ...)`),
 * so work accepted with a 202 is stored before the answer leaves. Workers claim through the jobs
 * repository (FOR UPDATE SKIP LOCKED on PostgreSQL: each job goes to one process). At least once:
 * jobs that were running when their process died are queued again (at start on SQLite; on
 * PostgreSQL once their claim is `reclaimAfterMs` old, checked at start and every minute).
 */
export class JobQueue {
  private readonly kinds = new Map<string, Registration>();
  private readonly store: SandboxStore;
  private readonly log: FastifyBaseLogger;
  private readonly now: () => number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private running = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private ticking: Promise<void> | undefined;
  private tickAgain = false;
  private nextReclaimAt = 0;
  private readonly reclaimAfterMs: number;
  /** Consecutive failed claim rounds (the database is away): the next round waits longer, and only the first is logged as an error. */
  private failedRounds = 0;
  /**
   * Outcomes of finished jobs that could not be written (the database went away meanwhile), by job
   * id: written before the next claim, so a job is neither left `running` nor failed for an outage.
   */
  private readonly unrecorded = new Map<number, () => Promise<void>>();

  constructor(options: JobQueueOptions) {
    this.store = options.store;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 50;
    this.reclaimAfterMs = options.reclaimAfterMs ?? STALE_CLAIM_MS;
  }

  register<P>(job: JobDefinition<P>, handler: JobHandler<P>, concurrency = 4): void {
    const run: JobHandler<unknown> = (payload, claimed) => handler(job.payload.parse(payload), claimed);
    this.kinds.set(job.kind, { handler: run, concurrency, running: 0 });
  }

  /**
   * Stores a job in the caller's transaction; it is due after `delayMs`. Jobs given the same
   * `orderKey` run one at a time, in the order they were enqueued (one declaration's changes,
   * one shipment's messages), whichever worker or process claims them. Its id.
   */
  async enqueueIn<P>(
    tx: SandboxRepositories,
    job: JobDefinition<P>,
    payload: P,
    delayMs = 0,
    options: { orderKey?: string } = {},
  ): Promise<number> {
    const t = this.now();
    const id = await tx.jobs.insert({
      kind: job.kind,
      payload,
      runAt: t + Math.max(0, delayMs),
      createdAt: t,
      ...(options.orderKey ? { orderKey: options.orderKey } : {}),
    });
    // Visible once the transaction commits: the next poll finds it at the latest.
    this.wake();
    return id;
  }

  /**
   * Aborted when the queue stops (shutdown, sandbox reset): a handler waiting on the network
   * gives up at once; its job is queued again at the next start.
   */
  get stopping(): AbortSignal {
    return this.running.signal;
  }

  /** Starts the workers; jobs left running by a previous process are queued again first. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = new AbortController();
    this.nextReclaimAt = 0;
    this.wake();
  }

  /** Stops taking new jobs, signals `stopping`, and waits for the running ones. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.running.abort();
    clearTimeout(this.timer);
    await this.ticking;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Resolves when no job is due now or running (tests, benchmarks). */
  async drain(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      // Idle before the count as well as after: a job finishing meanwhile may be queued again with a
      // due time just after the `now` the count was asked with. A claim round in progress may hold
      // jobs that are no longer due but not yet in flight.
      const idleBefore = this.inFlight.size === 0 && !this.ticking;
      const due = await this.store.repos.jobs.countDue(this.now());
      if (due === 0 && idleBefore && this.inFlight.size === 0 && !this.ticking) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('job queue did not drain in time');
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), 0);
  }

  /** One round: claim what each kind has room for, start it, and come back after pollMs (at once when woken meanwhile). */
  private tick(): void {
    if (this.stopped || this.ticking) return;
    this.tickAgain = false;
    this.ticking = this.claimAndRun()
      .then(
        () => {
          if (this.failedRounds > 0) this.log.warn({ failedRounds: this.failedRounds }, 'job queue: database back, claiming again');
          this.failedRounds = 0;
        },
        (err: unknown) => {
          this.failedRounds++;
          if (this.failedRounds === 1) this.log.error({ err }, 'job queue: claiming failed; retrying with backoff');
        },
      )
      .finally(() => {
        this.ticking = undefined;
        if (this.stopped) return;
        clearTimeout(this.timer);
        const backoff = this.failedRounds === 0 ? 0 : Math.min(MAX_BACKOFF_MS, this.pollMs * 2 ** this.failedRounds);
        this.timer = setTimeout(() => this.tick(), backoff || (this.tickAgain ? 0 : this.pollMs));
      });
  }

  private async claimAndRun(): Promise<void> {
    for (const [id, record] of this.unrecorded) {
      await record();
      this.unrecorded.delete(id);
    }
    await this.reclaimAbandoned();
    for (const [kind, reg] of this.kinds) {
      const free = reg.concurrency - reg.running;
      if (free <= 0 || this.stopped) continue;
      const claimed = await this.store.repos.jobs.claimDue(kind, this.now(), free);
      for (const job of claimed) {
        // Stopped while claiming: back to the queue for the next start.
        if (this.stopped) await this.store.repos.jobs.retryAt(job.id, this.now());
        else this.run(reg, job);
      }
    }
  }

  private async reclaimAbandoned(): Promise<void> {
    const t = this.now();
    if (t < this.nextReclaimAt) return;
    const postgres = this.store.engine === 'postgres';
    // SQLite: one process per database file, so every running job was this process's before it (re)started.
    this.nextReclaimAt = postgres ? t + 60_000 : Number.POSITIVE_INFINITY;
    const requeued = await this.store.repos.jobs.requeueRunning(postgres ? t - this.reclaimAfterMs : t);
    if (requeued > 0) this.log.warn({ requeued }, 'job queue: jobs of a stopped worker queued again');
  }

  private run(reg: Registration, job: Job): void {
    reg.running++;
    const jobs = this.store.repos.jobs;
    const p = (async () => {
      let record: () => Promise<void>;
      try {
        const outcome = await reg.handler(job.payload, job);
        const retryInMs = outcome?.retryInMs;
        record = retryInMs !== undefined ? () => jobs.retryAt(job.id, Math.ceil(this.now() + retryInMs)) : () => jobs.markDone(job.id);
      } catch (err) {
        if (isConnectionError(err)) {
          // The database went away under the handler: not the job's fault, it runs again.
          this.log.warn({ err, jobId: job.id, kind: job.kind }, 'job interrupted: database unavailable; it runs again');
          record = () => jobs.retryAt(job.id, this.now());
        } else {
          this.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
          const message = err instanceof Error ? err.message : String(err);
          record = () => jobs.markFailed(job.id, message);
        }
      }
      try {
        await record();
      } catch (err) {
        if (!isConnectionError(err)) throw err;
        this.unrecorded.set(job.id, record);
      }
    })()
      .finally(() => reg.running--)
      .catch((err: unknown) => this.log.error({ err, jobId: job.id }, 'job queue: recording the outcome failed'));
    this.inFlight.add(p);
    void p.finally(() => {
      this.inFlight.delete(p);
      this.wake();
    });
  }
}
