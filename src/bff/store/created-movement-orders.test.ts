import { afterEach, describe, expect, it } from 'vitest';
import type { CreatedMovementOrder } from '../../contract/movement-orders.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const order = (referenceId: string, createdAt: string, over: Partial<CreatedMovementOrder> = {}): CreatedMovementOrder => ({
  referenceId,
  createdAt,
  sub: 'clerk-1',
  name: 'Clara Clerk',
  externalReferences: ['WMS-1', 'WMS-2'],
  movementTypes: ['RFFC', 'ADJN'],
  lineCount: 9999,
  ...over,
});

describe.each(testEngines())('created movement orders repository on %s', (engine) => {
  it('lists what was recorded, newest first, limited, once per referenceId', async () => {
    const { store, reopen } = await openTestStore(engine);
    opened.push(store);
    const repo = store.repos.createdMovementOrders;
    await repo.record(order('ref-a', '2026-01-01T10:00:00.000Z'));
    await repo.record(order('ref-b', '2026-01-01T11:00:00.000Z', { externalReferences: ['Ü-1'], movementTypes: ['PROC'], lineCount: 1 }));
    await repo.record(order('ref-c', '2026-01-01T09:00:00.000Z'));
    await repo.record(order('ref-a', '2026-01-02T00:00:00.000Z', { lineCount: 5 }));

    expect((await repo.list(10)).map((o) => o.referenceId)).toEqual(['ref-b', 'ref-a', 'ref-c']);
    expect(await repo.list(2)).toEqual([
      order('ref-b', '2026-01-01T11:00:00.000Z', { externalReferences: ['Ü-1'], movementTypes: ['PROC'], lineCount: 1 }),
      order('ref-a', '2026-01-01T10:00:00.000Z'),
    ]);
    // Kept across a restart (SQLite) or seen by another replica (PostgreSQL).
    const other = await reopen();
    opened.push(other);
    expect((await other.repos.createdMovementOrders.list(10)).map((o) => o.referenceId)).toEqual(['ref-b', 'ref-a', 'ref-c']);
  });
});
