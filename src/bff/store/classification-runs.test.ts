import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';
import type { NewRun } from './classification-runs.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const run = (runId: string, over: Partial<NewRun> = {}): NewRun => ({
  runId,
  itemId: 'item-1',
  itemReference: 'SKU-1',
  jurisdiction: 'EU',
  code: null,
  assignedCode: '42022190',
  startedBy: { sub: 'ana', name: 'Ana Analyst' },
  startedAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

describe.each(testEngines())('classification run repository on %s', (engine) => {
  it('records runs as Pending, lists an item’s runs newest first and keeps a run id once', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const runs = store.repos.classificationRuns;
    const first = await runs.record(run('r1'));
    expect(first).toMatchObject({ runId: 'r1', status: 'Pending', bestCode: null, better: false, updatedAt: '2026-01-01T10:00:00.000Z' });
    await runs.record(run('r2', { jurisdiction: 'US', startedAt: '2026-01-01T11:00:00.000Z', code: '4202210090' }));
    await runs.record(run('r3', { itemId: 'item-2' }));
    await runs.record(run('r1', { startedAt: '2030-01-01T00:00:00.000Z' }));
    expect((await runs.listForItem('item-1', 10)).map((r) => r.runId)).toEqual(['r2', 'r1']);
    expect((await runs.listForItem('item-1', 1)).map((r) => r.runId)).toEqual(['r2']);
    expect(await runs.get('r2')).toMatchObject({ code: '4202210090', jurisdiction: 'US' });
  });

  it('finds unfinished runs by item and jurisdiction, and keeps the summary of an update', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const runs = store.repos.classificationRuns;
    await runs.record(run('r1'));
    await runs.record(run('r2', { jurisdiction: 'US' }));
    expect((await runs.unfinished({ itemId: 'item-1', jurisdiction: 'EU' }, 10)).map((r) => r.runId)).toEqual(['r1']);
    await runs.update('r1', 'Processing', undefined, '2026-01-01T10:00:01.000Z');
    expect((await runs.unfinished({ itemId: 'item-1', jurisdiction: 'EU' }, 10)).map((r) => r.status)).toEqual(['Processing']);
    await runs.update(
      'r1',
      'Completed',
      { bestCode: '42022100', bestScore: 8.5, assignedScore: 3.25, better: true },
      '2026-01-01T10:00:02.000Z',
    );
    expect(await runs.unfinished({ itemId: 'item-1', jurisdiction: 'EU' }, 10)).toEqual([]);
    expect((await runs.unfinished({}, 10)).map((r) => r.runId)).toEqual(['r2']);
    expect(await runs.get('r1')).toMatchObject({
      status: 'Completed',
      bestCode: '42022100',
      bestScore: 8.5,
      assignedScore: 3.25,
      better: true,
      updatedAt: '2026-01-01T10:00:02.000Z',
    });
  });

  it('lists better suggestions from the latest completed run of each item and jurisdiction only', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const runs = store.repos.classificationRuns;
    const done = async (runId: string, over: Partial<NewRun>, better: boolean) => {
      await runs.record(run(runId, over));
      await runs.update(runId, 'Completed', { bestCode: '42022100', bestScore: 8, assignedScore: 2, better }, '2026-01-02T00:00:00.000Z');
    };
    await done('old-better', { startedAt: '2026-01-01T09:00:00.000Z' }, true);
    await done('new-not-better', { startedAt: '2026-01-01T10:00:00.000Z' }, false);
    await done('us-better', { jurisdiction: 'US', startedAt: '2026-01-01T08:00:00.000Z' }, true);
    await done('item2-better', { itemId: 'item-2', startedAt: '2026-01-01T12:00:00.000Z' }, true);
    await runs.record(run('pending', { itemId: 'item-2', startedAt: '2026-01-01T13:00:00.000Z' }));
    expect((await runs.betterSuggestions(10)).map((r) => r.runId)).toEqual(['item2-better', 'us-better']);
    expect((await runs.betterSuggestions(1)).map((r) => r.runId)).toEqual(['item2-better']);
  });
});

describe.skipIf(!testEngines().includes('postgres'))('classification runs across replicas', () => {
  it('are one record: a run recorded by one replica is seen by another', async () => {
    const first = await openTestStore('postgres');
    const second = await first.reopen();
    opened.push(first.store, second);
    await first.store.repos.classificationRuns.record(run('shared'));
    expect((await second.repos.classificationRuns.listForItem('item-1', 10)).map((r) => r.runId)).toEqual(['shared']);
  });
});
