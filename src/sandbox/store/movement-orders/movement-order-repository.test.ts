import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Movement } from '../../../contract/movement-orders.js';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';
import type { NewOrders } from './movement-order-repository.js';

const movement = (externalReference: string, extra: Partial<Movement> = {}): Movement => ({
  timestamp: '2025-10-01T08:00:00Z',
  externalReference,
  movementType: 'PROC',
  movementLines: [{ itemId: 'RM-1', direction: 'Out', quantity: 10, uom: 'KGM' }],
  ...extra,
});

const ingestion = (referenceId: string, movements: Movement[], tenantId = 't1'): NewOrders => ({
  referenceId,
  tenantId,
  movements,
  at: '2025-10-01T08:00:00.000Z',
});

const ERROR = { errorCode: 'V612', errorMessage: 'quantity must not be zero' };

describe.each(testEngines())('movement order repository on %s', (engine) => {
  let store: SandboxStore;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
  });
  afterEach(async () => store.close());

  it('stores one Submitted order per movement, {referenceId}-{n}, in message order', async () => {
    const repo = store.repos.movementOrders;
    const first = movement('EXT-1', { documentReference: 'PRD-1', customField: 'kept' });
    await repo.insertOrders(ingestion('r1', [first, movement('EXT-2', { movementType: 'UFOH' })]));
    expect(await repo.order('r1-1')).toEqual({
      id: 'r1-1',
      tenantId: 't1',
      referenceId: 'r1',
      status: 'Submitted',
      movement: first,
      validationErrors: [],
    });
    expect(await repo.head('r1-2')).toEqual({
      id: 'r1-2',
      tenantId: 't1',
      referenceId: 'r1',
      status: 'Submitted',
      movement: { externalReference: 'EXT-2', movementType: 'UFOH' },
    });
    expect((await repo.submitted('r1')).map((o) => o.id)).toEqual(['r1-1', 'r1-2']);
    expect(await repo.order('nope')).toBeUndefined();
    expect(await repo.head('nope')).toBeUndefined();
  });

  it('sets statuses with their validation errors, and clears them', async () => {
    const repo = store.repos.movementOrders;
    await repo.insertOrders(ingestion('r1', [movement('EXT-1'), movement('EXT-2')]));
    await repo.setStatus('r1-1', 'Invalid', [ERROR], 'b');
    expect(await repo.order('r1-1')).toMatchObject({ status: 'Invalid', validationErrors: [ERROR] });
    expect((await repo.submitted('r1')).map((o) => o.id)).toEqual(['r1-2']);
    await repo.setStatus('r1-1', 'Processed', [], 'c');
    expect(await repo.order('r1-1')).toMatchObject({ status: 'Processed', validationErrors: [] });
  });

  it('knows which orders hold an externalReference: Valid, Processed, Invalidating, InvalidationRejected of the tenant', async () => {
    const repo = store.repos.movementOrders;
    await repo.insertOrders(ingestion('r1', [movement('EXT-1'), movement('EXT-1')]));
    await repo.insertOrders(ingestion('r2', [movement('EXT-1')], 't2'));
    expect(await repo.referenceHeld('t1', 'EXT-1', 'r1-2')).toBe(false);
    for (const status of ['Invalid', 'MissingDensity', 'ProcessingError', 'Invalidated'] as const) {
      await repo.setStatus('r1-1', status, [], 'b');
      expect(await repo.referenceHeld('t1', 'EXT-1', 'r1-2'), status).toBe(false);
    }
    for (const status of ['Valid', 'Processed', 'Invalidating', 'InvalidationRejected'] as const) {
      await repo.setStatus('r1-1', status, [], 'b');
      expect(await repo.referenceHeld('t1', 'EXT-1', 'r1-2'), status).toBe(true);
    }
    expect(await repo.referenceHeld('t1', 'EXT-1', 'r1-1')).toBe(false);
    expect(await repo.referenceHeld('t1', 'ext-1', 'r1-2')).toBe(false);
    expect(await repo.referenceHeld('t2', 'EXT-1', 'r2-1')).toBe(false);
  });

  it("lists a tenant's order ids", async () => {
    const repo = store.repos.movementOrders;
    await repo.insertOrders(ingestion('r2', [movement('A'), movement('B')]));
    await repo.insertOrders(ingestion('r1', [movement('C')]));
    await repo.insertOrders(ingestion('r3', [movement('D')], 't2'));
    expect(await repo.orderIds('t1')).toEqual(['r1-1', 'r2-1', 'r2-2']);
    expect(await repo.orderIds('t3')).toEqual([]);
  });

  it("stores a message's orders all or nothing, also inside a store transaction that rolls back", async () => {
    const repo = store.repos.movementOrders;
    await repo.insertOrders(ingestion('r1', [movement('A')]));
    await expect(repo.insertOrders(ingestion('r1', [movement('B')]))).rejects.toThrow();
    await expect(
      store.transaction(async (tx) => {
        await tx.movementOrders.insertOrders(ingestion('r2', [movement('C')]));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await repo.orderIds('t1')).toEqual(['r1-1']);
    expect((await repo.order('r1-1'))?.movement.externalReference).toBe('A');
  });

  it('stores a movement of 9,999 lines and a message of 1,201 movements', async () => {
    const repo = store.repos.movementOrders;
    const lines = Array.from({ length: 9999 }, (_, i) => ({ itemId: `RM-${i}`, direction: 'Out', quantity: 1, uom: 'KGM' }));
    await repo.insertOrders(ingestion('big', [movement('BIG', { movementLines: lines })]));
    expect((await repo.order('big-1'))?.movement.movementLines).toEqual(lines);

    const many = Array.from({ length: 1201 }, (_, i) => movement(`M-${i}`));
    await repo.insertOrders(ingestion('many', many));
    const submitted = await repo.submitted('many');
    expect(submitted).toHaveLength(1201);
    expect(submitted.map((o) => o.movement.externalReference)).toEqual(many.map((m) => m.externalReference));
    expect(submitted[1200]?.id).toBe('many-1201');
  });
});
