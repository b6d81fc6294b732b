import { afterEach, describe, expect, it } from 'vitest';
import type { NewBulkRun } from '../../contract/review.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const run = (action: NewBulkRun['action'], cancelled = false): NewBulkRun => ({
  action,
  startedAt: '2026-01-01T10:00:00.000Z',
  finishedAt: '2026-01-01T10:01:00.000Z',
  cancelled,
  rows: [
    { declarationId: 'D-1', outcome: 'accepted' },
    { declarationId: 'D-2', outcome: 'skipped', detail: 'Not in status Released; needs Validated or CustomsError.' },
  ],
});

describe.each(testEngines())('bulk runs repository on %s', (engine) => {
  it('records runs with who, when, action and per-row outcomes, newest first', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const runs = store.repos.bulkRuns;
    await runs.record(run('validate'), { sub: 's1', name: 'Sam' });
    await runs.record(run('submit', true), { sub: 's2', name: 'Kim' });
    const latest = await runs.latest(10);
    expect(latest.map((r) => [r.action, r.startedBy, r.cancelled])).toEqual([
      ['submit', 'Kim', true],
      ['validate', 'Sam', false],
    ]);
    expect(latest[1]).toEqual({ ...run('validate'), id: expect.any(Number) as number, startedBy: 'Sam' });
    expect(await runs.latest(1)).toHaveLength(1);
  });
});
