import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Formula } from '../../../contract/formulas.js';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';

const formula = (itemId: string, extra: Partial<Formula> = {}): Formula => ({
  itemId,
  activeFromDate: '2025-06-01T00:00:00Z',
  quantity: 100,
  uom: 'KGM',
  processingType: '1',
  formulaLines: [{ itemId: 'RM-1', quantity: 1.5, uom: 'KGM' }],
  secondaryProducts: [{ itemId: 'SP-1', quantity: 0.25, uom: 'KGM', isWaste: true }],
  ...extra,
});

describe.each(testEngines())('formula repository on %s', (engine) => {
  let store: SandboxStore;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
  });
  afterEach(async () => store.close());

  it('numbers versions per tenant and item, the first creating the formula', async () => {
    const repo = store.repos.formulas;
    expect(await repo.addVersion('t1', 'r1', formula('FG-1'), '2025-01-01T00:00:00.000Z')).toBe(1);
    expect(await repo.addVersion('t1', 'r2', formula('FG-1', { quantity: 200 }), '2025-02-01T00:00:00.000Z')).toBe(2);
    expect(await repo.addVersion('t1', 'r3', formula('FG-2'), '2025-03-01T00:00:00.000Z')).toBe(1);
    expect(await repo.addVersion('t2', 'r4', formula('FG-1'), '2025-04-01T00:00:00.000Z')).toBe(1);

    const f = await repo.formula('t1', 'FG-1');
    expect(f).toMatchObject({ tenantId: 't1', itemId: 'FG-1', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(f?.versions).toEqual([
      { ...formula('FG-1'), versionNumber: 1, referenceId: 'r1', createdAt: '2025-01-01T00:00:00.000Z' },
      { ...formula('FG-1', { quantity: 200 }), versionNumber: 2, referenceId: 'r2', createdAt: '2025-02-01T00:00:00.000Z' },
    ]);
    expect((await repo.formula('t2', 'FG-1'))?.versions.map((v) => v.referenceId)).toEqual(['r4']);
    expect(await repo.formula('t1', 'NOPE')).toBeUndefined();
  });

  it('adds versions inside a store transaction, and none when it rolls back', async () => {
    await store.transaction(async (tx) => {
      await tx.formulas.addVersion('t1', 'r1', formula('FG-1'), 'b');
    });
    await expect(
      store.transaction(async (tx) => {
        await tx.formulas.addVersion('t1', 'r2', formula('FG-1'), 'c');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await store.repos.formulas.formula('t1', 'FG-1'))?.versions.map((v) => v.versionNumber)).toEqual([1]);
  });

  it('numbers versions of one formula added by concurrent transactions one after the other', async () => {
    const add = (referenceId: string) => store.transaction((tx) => tx.formulas.addVersion('t1', referenceId, formula('FG-1'), 'a'));
    expect((await Promise.all(['r1', 'r2', 'r3', 'r4'].map(add))).sort()).toEqual([1, 2, 3, 4]);
  });

  it('stores a formula of 9,999 lines and 9,999 secondary products', async () => {
    const big = formula('FG-BIG', {
      formulaLines: Array.from({ length: 9999 }, (_, i) => ({ itemId: `RM-${i}`, quantity: 1.5, uom: 'KGM' })),
      secondaryProducts: Array.from({ length: 9999 }, (_, i) => ({ itemId: `SP-${i}`, quantity: 0.25, uom: 'KGM', isWaste: i % 2 === 0 })),
    });
    await store.repos.formulas.addVersion('t1', 'r1', big, 'a');
    const version = (await store.repos.formulas.formula('t1', 'FG-BIG'))?.versions[0];
    expect(version?.formulaLines).toHaveLength(9999);
    expect(version?.secondaryProducts?.[9998]).toEqual({ itemId: 'SP-9998', quantity: 0.25, uom: 'KGM', isWaste: true });
  });
});
