import Fastify from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Engine } from '../../server-kit/database/engine.js';
import { createTestDatabase, testEngines } from '../../server-kit/database/test-databases.js';
import { latch } from '../../server-kit/test-support/latch.js';
import { openSandboxStore, type SandboxStore } from '../store/sandbox-store.js';
import { openTestStore } from '../store/test-store.js';
import { defineJob } from './job-definition.js';
import { JobQueue } from './job-queue.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const log = Fastify({ logger: false }).log;

function queueOn(store: SandboxStore): JobQueue {
  const jobs = new JobQueue({ store, log, pollMs: 10 });
  cleanups.push(() => jobs.stop());
  return jobs;
}

/** A job kind whose payload is anything: these tests are about the queue, not payloads. */
const anyJob = (kind: string) => defineJob(kind, z.unknown());

async function freshQueue(engine: Engine) {
  const { store } = await openTestStore(engine);
  cleanups.push(() => store.close());
  return { store, jobs: queueOn(store) };
}

describe.each(testEngines())('job queue on %s', (engine) => {
  it('runs a job enqueued in a committed transaction, not one rolled back', async () => {
    const { store, jobs } = await freshQueue(engine);
    const seen: unknown[] = [];
    jobs.register(anyJob('k'), async (payload) => {
      seen.push(payload);
    });
    jobs.start();
    await store.transaction((tx) => jobs.enqueueIn(tx, anyJob('k'), { n: 1 }));
    await expect(
      store.transaction(async (tx) => {
        await jobs.enqueueIn(tx, anyJob('k'), { n: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await jobs.drain();
    expect(seen).toEqual([{ n: 1 }]);
    expect(await store.repos.jobs.count()).toBe(0); // done jobs are not kept
  });

  it('runs a job again when its handler asks, and records a failure with its error', async () => {
    const { store, jobs } = await freshQueue(engine);
    const attempts: number[] = [];
    jobs.register(anyJob('retry'), async (_payload, job) => {
      attempts.push(job.attempts);
      return job.attempts < 3 ? { retryInMs: 0 } : undefined; // due again at once: drain waits for it
    });
    jobs.register(anyJob('fail'), async () => {
      throw new Error('handler broke');
    });
    jobs.start();
    await store.transaction(async (tx) => {
      await jobs.enqueueIn(tx, anyJob('retry'), null);
      await jobs.enqueueIn(tx, anyJob('fail'), null);
    });
    await jobs.drain();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await store.repos.jobs.list()).toMatchObject([{ kind: 'fail', status: 'failed', lastError: 'handler broke', attempts: 1 }]);
  });

  it('runs a job again, not failed, when the database connection broke under its handler', async () => {
    const { store, jobs } = await freshQueue(engine);
    const attempts: number[] = [];
    jobs.register(anyJob('interrupted'), async (_payload, job) => {
      attempts.push(job.attempts);
      // What pg raises when PostgreSQL ends the session (a restart, a failover): SQLSTATE 57P01.
      if (job.attempts === 1) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    jobs.start();
    await store.transaction((tx) => jobs.enqueueIn(tx, anyJob('interrupted'), null));
    await jobs.drain();
    expect(attempts).toEqual([1, 2]);
    expect(await store.repos.jobs.count()).toBe(0);
  });

  it('waits for a delayed job, and signals stopping to a running handler', async () => {
    // The queue's own clock, moved by the test: "not yet due" does not depend on how fast the machine is.
    const clock = { now: 1_000_000 };
    const { store } = await openTestStore(engine);
    cleanups.push(() => store.close());
    const jobs = new JobQueue({ store, log, pollMs: 10, now: () => clock.now });
    cleanups.push(() => jobs.stop());
    let aborted = false;
    const started = latch();
    const ranMarker = latch();
    jobs.register(anyJob('slow'), async () => {
      started.open();
      await new Promise<void>((resolve) => jobs.stopping.addEventListener('abort', () => resolve()));
      aborted = true;
      return { retryInMs: 0 };
    });
    jobs.register(anyJob('marker'), async () => ranMarker.open());
    jobs.start();
    let slowStarted = false;
    void started.opened.then(() => (slowStarted = true));
    await store.transaction(async (tx) => {
      await jobs.enqueueIn(tx, anyJob('slow'), null, 150);
      await jobs.enqueueIn(tx, anyJob('marker'), null);
    });
    // A claim round that saw both jobs has run the due one and left the delayed one alone.
    await ranMarker.opened;
    await jobs.drain();
    expect(slowStarted).toBe(false);
    clock.now += 149;
    await jobs.drain();
    expect(slowStarted).toBe(false);
    clock.now += 1;
    await started.opened;
    await jobs.stop();
    expect(aborted).toBe(true);
    expect(await store.repos.jobs.list()).toMatchObject([{ kind: 'slow', status: 'queued' }]);
  });

  it("fails a job whose stored payload no longer fits its schema, with the schema's message", async () => {
    const { store, jobs } = await freshQueue(engine);
    const typed = defineJob('typed', z.object({ declarationId: z.string() }));
    const seen: string[] = [];
    jobs.register(typed, async ({ declarationId }) => {
      seen.push(declarationId);
    });
    jobs.start();
    await store.transaction((tx) => jobs.enqueueIn(tx, typed, { declarationId: 'd-1' }));
    // A payload stored by an older version of the sandbox, in another shape.
    await store.repos.jobs.insert({ kind: 'typed', payload: { id: 'd-2' }, runAt: 0, createdAt: 0 });
    await jobs.drain();
    expect(seen).toEqual(['d-1']);
    const [failed] = await store.repos.jobs.list();
    expect(failed).toMatchObject({ kind: 'typed', status: 'failed' });
    expect(failed?.lastError).toContain('declarationId');
  });

  it('queues the jobs a stopped process left running again at start', async () => {
    const { store, jobs } = await freshQueue(engine);
    await store.repos.jobs.insert({ kind: 'k', payload: 'left over', runAt: 0, createdAt: 0 });
    // A process claimed it (long enough ago to count as gone on PostgreSQL) and died.
    expect(await store.repos.jobs.claimDue('k', Date.now() - 10 * 60_000, 1)).toHaveLength(1);
    const seen: unknown[] = [];
    jobs.register(anyJob('k'), async (payload) => {
      seen.push(payload);
    });
    jobs.start();
    await jobs.drain();
    expect(seen).toEqual(['left over']);
  });
});

describe.runIf(testEngines().includes('postgres'))('job queue, two sandbox processes on one PostgreSQL database', () => {
  it('runs each job of a burst exactly once', async () => {
    const url = await createTestDatabase();
    const open = async () => {
      const { store } = await openSandboxStore({ databaseUrl: url, dataDir: mkdtempSync(join(tmpdir(), 'sandbox-queue-')) });
      cleanups.push(() => store.close());
      return { store, jobs: queueOn(store) };
    };
    const processes = [await open(), await open()];
    const runs: { by: number; n: unknown }[] = [];
    // Each process's first jobs hold until the other process runs one too, so both take part.
    const working = [latch(), latch()];
    const bothWorking = Promise.all(working.map((l) => l.opened));
    processes.forEach(({ jobs }, by) => {
      jobs.register(anyJob('burst'), async (payload) => {
        runs.push({ by, n: payload });
        working[by]?.open();
        await bothWorking;
      });
      jobs.start();
    });
    const total = 200;
    await Promise.all(
      Array.from({ length: total }, (_, n) => {
        const target = processes[n % 2];
        if (!target) throw new Error('no process');
        return target.store.transaction((tx) => target.jobs.enqueueIn(tx, anyJob('burst'), n));
      }),
    );
    for (const { jobs } of processes) await jobs.drain();
    expect(runs).toHaveLength(total);
    expect(new Set(runs.map((r) => r.n)).size).toBe(total);
    expect(new Set(runs.map((r) => r.by))).toEqual(new Set([0, 1]));
  });
});
