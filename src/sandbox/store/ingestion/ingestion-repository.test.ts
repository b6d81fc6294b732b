import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl, testEngines } from '../../../server-kit/database/test-databases.js';
import { openSandboxDatabase, type SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';

const AT = '2026-04-01T12:00:00.000Z';

describe.each(testEngines())('ingestion messages on %s', (engine) => {
  let store: SandboxStore;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
  });
  afterEach(async () => store.close());

  it('keeps an accepted message as Received, then records its outcome', async () => {
    const body = { externalReference: 'PO-1', direction: 'IN', singleAdministrativeDocument: { goodsShipment: { governmentAgencyGoodsItems: [{ goodsMeasure: { gmass: 1.5 } }] } } };
    await store.repos.ingestionMessages.insert({ referenceId: 'r-1', tenantId: 't-1', kind: 'CustomsShipment', body, messageType: 'New', externalReference: 'PO-1', direction: 'IN', receivedAt: AT });
    await store.repos.ingestionMessages.insert({ referenceId: 'r-2', tenantId: 't-1', kind: 'ArticleDataItems', body: [{ itemId: 'SKU-1' }], receivedAt: AT });

    const received = { referenceId: 'r-1', tenantId: 't-1', kind: 'CustomsShipment', status: 'Received', body, errorDescriptions: [] };
    expect(await store.repos.ingestionMessages.get('r-1')).toEqual(received);
    expect(await store.transaction((tx) => tx.ingestionMessages.lock('r-1'))).toEqual(received);
    expect(await store.repos.ingestionMessages.get('nope')).toBeUndefined();

    await store.repos.ingestionMessages.finish('r-1', 'Failed', ['duplicate', 'again'], AT);
    await store.repos.ingestionMessages.finish('r-2', 'Processed', [], AT);
    expect(await store.repos.ingestionMessages.get('r-1')).toMatchObject({ status: 'Failed', errorDescriptions: ['duplicate', 'again'] });
    expect(await store.repos.ingestionMessages.get('r-2')).toMatchObject({ status: 'Processed', errorDescriptions: [], body: [{ itemId: 'SKU-1' }] });
  });

  it('refuses a second message with the same referenceId', async () => {
    const message = { referenceId: 'r-1', tenantId: 't-1', kind: 'BusinessPartners' as const, body: [], receivedAt: AT };
    await store.repos.ingestionMessages.insert(message);
    await expect(store.repos.ingestionMessages.insert(message)).rejects.toThrow();
  });

  // Several processes share a database on PostgreSQL only (SQLite is the one-process default).
  it.runIf(engine === 'postgres')('hands a message to one of two processes: the other finds it processed', async () => {
    const databaseUrl = await testDatabaseUrl(engine);
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-store-'));
    const processes = [(await openSandboxDatabase({ databaseUrl, dataDir })).store, (await openSandboxDatabase({ databaseUrl, dataDir })).store];
    const [first] = processes;
    await first?.repos.ingestionMessages.insert({ referenceId: 'r-1', tenantId: 't-1', kind: 'CustomsShipment', body: {}, receivedAt: AT });
    const processOnce = (s: SandboxStore) =>
      s.transaction(async (tx) => {
        const message = await tx.ingestionMessages.lock('r-1');
        if (message?.status !== 'Received') return false;
        await new Promise((r) => setTimeout(r, 50));
        await tx.ingestionMessages.finish('r-1', 'Processed', [], AT);
        return true;
      });
    const outcomes = await Promise.all(processes.map(processOnce));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    for (const p of processes) await p.close();
  });
});
