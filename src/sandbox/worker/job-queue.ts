import type { FastifyBaseLogger } from 'fastify';
import type { Db, SchemaPart } from '../store/db.js';

export const jobSchema: SchemaPart = {
  name: 'jobs',
  ddl: `CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    run_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
    last_error TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS jobs_due ON jobs (status, kind, run_at);`,
  resetTables: ['jobs'],
};

export interface Job {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
}

/** What a handler asks for when it wants to run again later (e.g. the next webhook retry). */
export interface JobOutcome {
  retryInMs?: number;
}

export type JobHandler = (payload: unknown, job: Job) => Promise<JobOutcome | void>;

interface Registration {
  handler: JobHandler;
  concurrency: number;
  running: number;
}

/**
 * A persisted background queue. Enqueueing is a synchronous INSERT, so it joins the caller's
 * transaction: work accepted with a 202 is on disk before the answer leaves. Jobs that were
 * running when the process died are queued again at start (at-least-once).
 */
export class JobQueue {
  private readonly kinds = new Map<string, Registration>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private running = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    private readonly pollMs = 50,
  ) {}

  register(kind: string, handler: JobHandler, concurrency = 4): void {
    this.kinds.set(kind, { handler, concurrency, running: 0 });
  }

  enqueue(kind: string, payload: unknown, delayMs = 0): number {
    const t = this.now();
    const result = this.db
      .prepare('INSERT INTO jobs (kind, payload, run_at, created_at) VALUES (?, ?, ?, ?)')
      .run(kind, JSON.stringify(payload), t + Math.max(0, delayMs), t);
    this.wake();
    return Number(result.lastInsertRowid);
  }

  /**
   * Aborted when the queue stops (shutdown, sandbox reset): a handler waiting on the network
   * gives up at once; its job is queued again at the next start.
   */
  get stopping(): AbortSignal {
    return this.running.signal;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = new AbortController();
    this.db.prepare("UPDATE jobs SET status = 'queued' WHERE status = 'running'").run();
    this.wake();
  }

  /** Stops taking new jobs, signals `stopping`, and waits for the running ones. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.running.abort();
    clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Resolves when no job is due now or running (tests, benchmarks). */
  async drain(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const due = this.db
        .prepare<[number], { n: number }>("SELECT COUNT(*) AS n FROM jobs WHERE (status = 'queued' AND run_at <= ?) OR status = 'running'")
        .get(this.now());
      if (!due?.n && this.inFlight.size === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('job queue did not drain in time');
  }

  private wake(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), 0);
  }

  private tick(): void {
    if (this.stopped) return;
    const claim = this.db.prepare<[string, number, number], Job>(
      "UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id IN (SELECT id FROM jobs WHERE status = 'queued' AND kind = ? AND run_at <= ? ORDER BY run_at, id LIMIT ?) RETURNING id, kind, payload, attempts",
    );
    for (const [kind, reg] of this.kinds) {
      const free = reg.concurrency - reg.running;
      if (free <= 0) continue;
      for (const job of claim.all(kind, this.now(), free)) this.run(reg, job);
    }
    this.timer = setTimeout(() => this.tick(), this.pollMs);
  }

  private run(reg: Registration, job: Job): void {
    reg.running++;
    const p = (async () => {
      try {
        const outcome = await reg.handler(JSON.parse(job.payload), job);
        if (outcome?.retryInMs !== undefined) {
          this.db.prepare("UPDATE jobs SET status = 'queued', run_at = ? WHERE id = ?").run(this.now() + outcome.retryInMs, job.id);
        } else {
          this.db.prepare('DELETE FROM jobs WHERE id = ?').run(job.id); // done: nothing to keep
        }
      } catch (err) {
        this.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
        const message = err instanceof Error ? err.message : String(err);
        this.db.prepare("UPDATE jobs SET status = 'failed', last_error = ? WHERE id = ?").run(message, job.id);
      } finally {
        reg.running--;
      }
    })();
    this.inFlight.add(p);
    void p.finally(() => {
      this.inFlight.delete(p);
      this.wake();
    });
  }
}
