import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../server-kit/database/engine.js';
import { createTestDatabase, testEngines } from '../../../server-kit/database/test-databases.js';
import { openSandboxDatabase, type SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';

const stores: SandboxStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

async function jobsOn(engine: Engine) {
  const { store } = await openTestStore(engine);
  stores.push(store);
  return store.repos.jobs;
}

describe.each(testEngines())('jobs repository on %s', (engine) => {
  it('claims due jobs of one kind, oldest first, up to the limit, and marks them running', async () => {
    const jobs = await jobsOn(engine);
    const a = await jobs.insert({ kind: 'k', payload: { n: 1 }, runAt: 100, createdAt: 1 });
    const b = await jobs.insert({ kind: 'k', payload: { n: 2 }, runAt: 50, createdAt: 1 });
    await jobs.insert({ kind: 'k', payload: { n: 3 }, runAt: 500, createdAt: 1 }); // not due
    await jobs.insert({ kind: 'other', payload: null, runAt: 0, createdAt: 1 });
    await jobs.insert({ kind: 'k', payload: ['x'], runAt: 10, createdAt: 1 });

    expect(await jobs.countDue(200)).toBe(4);
    const claimed = await jobs.claimDue('k', 200, 2);
    // The two due longest (by run_at), whatever order they were inserted in.
    expect(claimed.map((j) => j.payload)).toEqual(expect.arrayContaining([['x'], { n: 2 }]));
    expect(claimed).toHaveLength(2);
    expect(claimed.every((j) => j.kind === 'k' && j.attempts === 1)).toBe(true);
    expect((await jobs.claimDue('k', 200, 10)).map((j) => j.id)).toEqual([a]);
    expect(await jobs.claimDue('k', 200, 10)).toEqual([]);
    expect(await jobs.count({ status: ['running'] })).toBe(3);
    expect(await jobs.countDue(200)).toBe(4); // three running, one due of the other kind
    expect(b).toBeGreaterThan(a);
  });

  it('records done (gone), a retry (queued again, due later) and a failure with its error', async () => {
    const jobs = await jobsOn(engine);
    const done = await jobs.insert({ kind: 'k', payload: 1, runAt: 0, createdAt: 0 });
    const retried = await jobs.insert({ kind: 'k', payload: 2, runAt: 0, createdAt: 0 });
    const failed = await jobs.insert({ kind: 'k', payload: 3, runAt: 0, createdAt: 0 });
    await jobs.claimDue('k', 10, 3);
    await jobs.markDone(done);
    await jobs.retryAt(retried, 1_000);
    await jobs.markFailed(failed, 'boom');

    expect(await jobs.list()).toEqual([
      { id: retried, kind: 'k', payload: 2, status: 'queued', attempts: 1, runAt: 1_000, lastError: null },
      { id: failed, kind: 'k', payload: 3, status: 'failed', attempts: 1, runAt: 10, lastError: 'boom' },
    ]);
    expect(await jobs.claimDue('k', 999, 5)).toEqual([]);
    expect(await jobs.claimDue('k', 1_000, 5)).toEqual([{ id: retried, kind: 'k', payload: 2, attempts: 2 }]);
    expect(await jobs.count({ status: ['failed'], kinds: ['k'] })).toBe(1);
    expect(await jobs.count({ kinds: [] })).toBe(0);
  });

  it('queues running jobs again when their claim is old enough', async () => {
    const jobs = await jobsOn(engine);
    const early = await jobs.insert({ kind: 'k', payload: 1, runAt: 0, createdAt: 0 });
    await jobs.claimDue('k', 100, 1);
    const late = await jobs.insert({ kind: 'k', payload: 2, runAt: 0, createdAt: 0 });
    await jobs.claimDue('k', 200, 1);

    expect(await jobs.requeueRunning(150)).toBe(1);
    expect((await jobs.list({ status: ['queued'] })).map((j) => j.id)).toEqual([early]);
    expect(await jobs.requeueRunning(200)).toBe(1);
    expect((await jobs.list({ status: ['queued'] })).map((j) => j.id)).toEqual([early, late]);
  });
});

describe.runIf(testEngines().includes('postgres'))('jobs repository, two processes on one PostgreSQL database', () => {
  it('never hands the same job to both', async () => {
    const url = await createTestDatabase();
    const open = async () => {
      const { store } = await openSandboxDatabase({ databaseUrl: url, dataDir: mkdtempSync(join(tmpdir(), 'sandbox-jobs-')) });
      stores.push(store);
      return store.repos.jobs;
    };
    const first = await open();
    const second = await open();
    const total = 300;
    for (let i = 0; i < total; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => first.insert({ kind: 'k', payload: i + j, runAt: 0, createdAt: 0 })));
    }

    const claimedBy = async (jobs: typeof first): Promise<number[]> => {
      const ids: number[] = [];
      for (;;) {
        const batch = await Promise.all([jobs.claimDue('k', 1, 7), jobs.claimDue('k', 1, 7), jobs.claimDue('k', 1, 7)]);
        const got = batch.flat().map((j) => j.id);
        if (got.length === 0 && (await jobs.count({ status: ['queued'] })) === 0) return ids;
        ids.push(...got);
      }
    };
    const [a, b] = await Promise.all([claimedBy(first), claimedBy(second)]);
    const all = [...a, ...b];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(total);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect((await first.list()).every((j) => j.attempts === 1)).toBe(true);
  });
});
