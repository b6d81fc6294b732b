import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl, testEngines } from '../../../server-kit/database/test-databases.js';
import { openSandboxStore, type SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';

const AT = '2026-04-01T12:00:00.000Z';

describe.each(testEngines())('customs shipments on %s', (engine) => {
  let store: SandboxStore;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
  });
  afterEach(async () => store.close());

  it('finds a shipment by tenant, externalReference and direction, and replaces its data', async () => {
    const shipment = {
      id: 's-1',
      tenantId: 't-1',
      externalReference: 'PO-1',
      direction: 'IN' as const,
      data: { externalReference: 'PO-1', singleAdministrativeDocument: { declType: 'IM' } },
    };
    await store.repos.shipments.insert(shipment, AT);
    expect(await store.repos.shipments.find('t-1', 'PO-1', 'IN')).toEqual(shipment);
    expect(await store.repos.shipments.find('t-1', 'PO-1', 'OUT')).toBeUndefined();
    expect(await store.repos.shipments.find('t-2', 'PO-1', 'IN')).toBeUndefined();
    expect(await store.repos.shipments.find('t-1', 'po-1', 'IN')).toBeUndefined();

    await store.repos.shipments.updateData('s-1', { externalReference: 'PO-1', note: 'changed' }, AT);
    expect((await store.repos.shipments.find('t-1', 'PO-1', 'IN'))?.data).toEqual({ externalReference: 'PO-1', note: 'changed' });
  });

  it('refuses a second shipment with the same identity', async () => {
    await store.repos.shipments.insert({ id: 's-1', tenantId: 't-1', externalReference: 'PO-1', direction: 'IN', data: {} }, AT);
    await store.repos.shipments.insert({ id: 's-2', tenantId: 't-1', externalReference: 'PO-1', direction: 'OUT', data: {} }, AT);
    await expect(
      store.repos.shipments.insert({ id: 's-3', tenantId: 't-1', externalReference: 'PO-1', direction: 'IN', data: {} }, AT),
    ).rejects.toThrow();
  });
});

describe.each(testEngines())('declaration counters on %s', (engine) => {
  it('counts from 1 per name, by any step, and gives a rolled-back value back', async () => {
    const { store } = await openTestStore(engine);
    expect(await store.repos.declarationCounters.next('lrn')).toBe(1);
    expect(await store.repos.declarationCounters.next('lrn')).toBe(2);
    expect(await store.repos.declarationCounters.next('other', 5)).toBe(5);
    expect(await store.repos.declarationCounters.next('other', 5)).toBe(10);
    await expect(
      store.transaction(async (tx) => {
        await tx.declarationCounters.next('lrn');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.repos.declarationCounters.next('lrn')).toBe(3);
    await store.close();
  });

  // Several processes share a database on PostgreSQL only (SQLite is the one-process default).
  it.runIf(engine === 'postgres')('never hands out a value twice, even to two processes on one database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-store-'));
    const databaseUrl = await testDatabaseUrl(engine);
    const first = (await openSandboxStore({ databaseUrl, dataDir })).store;
    const second = (await openSandboxStore({ databaseUrl, dataDir })).store;
    const draws = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).transaction(async (tx) => tx.declarationCounters.next('lrn'))),
    );
    expect([...draws].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    await first.close();
    await second.close();
  });
});
