import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaterialList } from '../../../contract/master-data-messages.js';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';

const list = (externalReference: string, extra: Partial<MaterialList> = {}): MaterialList => ({
  externalReference,
  itemId: 'FG-CHOC-500',
  materials: [{ itemId: 'RM-COCOA-MASS', quantity: 450, uom: 'KGM' }],
  ...extra,
});

describe.each(testEngines())('master data message repository on %s', (engine) => {
  let store: SandboxStore;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
  });
  afterEach(async () => store.close());

  it('replaces a material list with the next revision, Active again, per tenant', async () => {
    const repo = store.repos.masterDataMessages;
    expect(await repo.putMaterialList({ tenantId: 't1', referenceId: 'r1', materialList: list('ML-1'), at: 'a' })).toBe(1);
    expect(await repo.invalidateMaterialList('t1', 'ML-1', 'b')).toBe(true);
    expect((await repo.materialList('t1', 'ML-1'))?.status).toBe('Invalidated');
    const next = list('ML-1', { itemId: 'FG-2', description: 'recipe 2', customField: 'kept' });
    expect(await repo.putMaterialList({ tenantId: 't1', referenceId: 'r2', materialList: next, at: 'c' })).toBe(2);
    expect(await repo.materialList('t1', 'ML-1')).toEqual({
      tenantId: 't1',
      externalReference: 'ML-1',
      itemId: 'FG-2',
      status: 'Active',
      revision: 2,
      referenceId: 'r2',
      updatedAt: 'c',
      materialList: next,
    });
    expect(await repo.putMaterialList({ tenantId: 't2', referenceId: 'r3', materialList: list('ML-1'), at: 'd' })).toBe(1);
    expect(await repo.materialList('t3', 'ML-1')).toBeUndefined();
  });

  it('invalidates only an active list', async () => {
    const repo = store.repos.masterDataMessages;
    expect(await repo.invalidateMaterialList('t1', 'ML-1', 'a')).toBe(false);
    await repo.putMaterialList({ tenantId: 't1', referenceId: 'r1', materialList: list('ML-1'), at: 'a' });
    expect(await repo.invalidateMaterialList('t2', 'ML-1', 'b')).toBe(false);
    expect(await repo.invalidateMaterialList('t1', 'ML-1', 'b')).toBe(true);
    expect(await repo.invalidateMaterialList('t1', 'ML-1', 'c')).toBe(false);
    expect(await repo.materialList('t1', 'ML-1')).toMatchObject({ status: 'Invalidated', revision: 1, updatedAt: 'b' });
  });

  it('stores a list of 9,999 materials', async () => {
    const materials = Array.from({ length: 9999 }, (_, i) => ({ itemId: `RM-${i}`, quantity: 1, uom: 'KGM' }));
    await store.repos.masterDataMessages.putMaterialList({
      tenantId: 't1',
      referenceId: 'r1',
      materialList: list('ML-BIG', { materials }),
      at: 'a',
    });
    expect((await store.repos.masterDataMessages.materialList('t1', 'ML-BIG'))?.materialList.materials).toEqual(materials);
  });
});
