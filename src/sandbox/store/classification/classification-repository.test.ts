import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClassificationResult } from '../../../contract/classification.js';
import { connect } from '../../../server-kit/database/engine.js';
import { migrateToLatest } from '../../../server-kit/database/migrations.js';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import { SANDBOX_MIGRATION_TABLE, sandboxMigrations } from '../migrations/index.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';
import { ExternalReferenceInUse, type NewItem, type PreparedImage } from './classification-records.js';
import { KyselyClassificationRepository, type ClassificationRepository } from './classification-repository.js';
import type { ClassificationTables } from './classification-tables.js';

const T1 = 't-acc-001';
const T2 = 't-acc-002';
const item = (externalReference: string, extra: Partial<NewItem> = {}): NewItem => ({
  externalReference,
  description: 'Cotton shirts',
  origin: null,
  assigned: [],
  ...extra,
});
const image = (fileName: string, bytes = Buffer.from(fileName), pageText?: string): PreparedImage => ({
  fileName,
  contentType: 'image/png',
  bytes,
  ...(pageText ? { pageText } : {}),
});
const result = (code: string): ClassificationResult => ({
  notes: 'n',
  options: [{ code, score: 7.5, explanation: 'e' }],
  rulingReferences: [],
});

describe.each(testEngines())('classification repository on %s', (engine) => {
  let store: SandboxStore;
  let repo: ClassificationRepository;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
    repo = store.repos.classification;
  });
  afterEach(async () => store.close());

  describe('items', () => {
    it('creates an item with its images and reads it back only for its tenant', async () => {
      const assigned = [{ jurisdiction: 'EU' as const, code: '4202 21 00', comment: 'from ERP' }];
      const created = await repo.createItem(
        T1,
        item('CR-1', { origin: 'IT', assigned }),
        [image('a.png'), image('b.png')],
        1_700_000_000_000,
      );
      expect(created).toEqual({
        id: created.id,
        tenantId: T1,
        externalReference: 'CR-1',
        description: 'Cotton shirts',
        origin: 'IT',
        assigned,
        betterJurisdictions: [],
        createdAt: 1_700_000_000_000,
        updatedAt: 1_700_000_000_000,
      });
      expect(await repo.getItem(T1, created.id)).toEqual(created);
      expect(await repo.getItemById(created.id)).toEqual(created);
      expect(await repo.getItemByReference(T1, 'CR-1')).toEqual(created);
      expect(await repo.getItem(T2, created.id)).toBeUndefined();
      expect(await repo.getItemByReference(T2, 'CR-1')).toBeUndefined();
      expect((await repo.listImages(created.id)).map((i) => i.fileName)).toEqual(['a.png', 'b.png']);
    });

    it('keeps references unique per tenant and case-sensitive; a refused creation leaves nothing', async () => {
      const first = await repo.createItem(T1, item('REF-1'), [], 1);
      await expect(repo.createItem(T1, item('REF-1'), [image('x.png')], 2)).rejects.toThrow(ExternalReferenceInUse);
      await repo.createItem(T1, item('ref-1'), [], 3);
      await repo.createItem(T2, item('REF-1'), [], 4);
      expect((await repo.search(T1, { offset: 0, limit: 10 })).map((i) => i.externalReference)).toEqual(['REF-1', 'ref-1']);
      expect(await repo.listImages(first.id)).toEqual([]);
    });

    it('updates only what changed, clears with null, and refuses a used reference', async () => {
      const a = await repo.createItem(T1, item('U-1', { origin: 'CN' }), [], 10);
      await repo.createItem(T1, item('U-2'), [], 11);
      expect(await repo.updateItem(a, { description: 'Cotton shirts' }, 20)).toEqual(a);
      expect((await repo.getItem(T1, a.id))?.updatedAt).toBe(10);
      const changed = await repo.updateItem(a, { description: null, origin: null, externalReference: 'U-1b' }, 30);
      expect(changed).toMatchObject({ externalReference: 'U-1b', description: null, origin: null, updatedAt: 30, createdAt: 10 });
      expect(await repo.getItem(T1, a.id)).toEqual(changed);
      await expect(repo.updateItem(changed, { externalReference: 'U-2' }, 40)).rejects.toThrow(ExternalReferenceInUse);
      expect((await repo.getItem(T1, a.id))?.externalReference).toBe('U-1b');
    });

    it('deletes an item with its images and runs, only for its tenant', async () => {
      const a = await repo.createItem(T1, item('D-1'), [image('a.png')], 1);
      const runId = await repo.insertRun(a.id, 'EU', null, 2);
      expect(await repo.deleteItem(T2, a.id)).toBe(false);
      expect(await repo.deleteItem(T1, a.id)).toBe(true);
      expect(await repo.deleteItem(T1, a.id)).toBe(false);
      expect(await repo.getItemById(a.id)).toBeUndefined();
      expect(await repo.listImages(a.id)).toEqual([]);
      expect(await repo.listRuns(a.id)).toEqual([]);
      expect(await repo.getRunById(runId)).toBeUndefined();
    });

    it('joins the caller transaction: a failure rolls back the item and its run', async () => {
      await expect(
        store.transaction(async (tx) => {
          const a = await tx.classification.createItem(T1, item('TX-1'), [image('a.png')], 1);
          await tx.classification.insertRun(a.id, 'EU', null, 2);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await repo.getItemByReference(T1, 'TX-1')).toBeUndefined();
    });
  });

  describe('search', () => {
    const refs = ['SKU-123', 'SKU-1234', 'XSKU-123', 'ABC-123-Z', 'sku-123', 'SKU%_1', 'SKUX_1', 'A*B', 'AxB', 'Zoll-Ärger-é', 'Box 📦'];
    const found = async (externalReference: string) =>
      (await repo.search(T1, { offset: 0, limit: 200, externalReference })).map((i) => i.externalReference).sort();
    beforeEach(async () => {
      for (const [i, r] of refs.entries()) await repo.createItem(T1, item(r), [], 1000 + i);
      await repo.createItem(T2, item('SKU-123'), [], 5000);
    });

    it('matches exactly, or with * at the start, the end or both, case-sensitively and with no other wildcard', async () => {
      expect(await found('SKU-123')).toEqual(['SKU-123']);
      expect(await found('SKU*')).toEqual(['SKU%_1', 'SKU-123', 'SKU-1234', 'SKUX_1'].sort());
      expect(await found('*123')).toEqual(['SKU-123', 'XSKU-123', 'sku-123'].sort());
      expect(await found('*KU-12*')).toEqual(['SKU-123', 'SKU-1234', 'XSKU-123'].sort());
      expect(await found('SKU%*')).toEqual(['SKU%_1']);
      expect(await found('*_1')).toEqual(['SKU%_1', 'SKUX_1'].sort());
      expect(await found('SKU_*')).toEqual([]);
      expect(await found('A*B')).toEqual(['A*B']);
      expect(await found('*ärger*')).toEqual([]);
      expect(await found('*Ärger-é')).toEqual(['Zoll-Ärger-é']);
      expect(await found('*📦')).toEqual(['Box 📦']);
      expect(await found('Box*')).toEqual(['Box 📦']);
      expect(await found('*')).toEqual([...refs].sort());
      expect(await found('**')).toEqual([...refs].sort());
      expect(await found('*SKU-123456*')).toEqual([]);
    });

    it('orders by creation time then id, pages with offset and limit, and filters on dates', async () => {
      const all = await repo.search(T1, { offset: 0, limit: 200 });
      expect(all.map((i) => i.externalReference)).toEqual(refs);
      expect((await repo.search(T1, { offset: 2, limit: 3 })).map((i) => i.externalReference)).toEqual(refs.slice(2, 5));
      expect(
        (await repo.search(T1, { offset: 0, limit: 200, creationDateFrom: 1002, creationDateTo: 1004 })).map((i) => i.externalReference),
      ).toEqual(refs.slice(2, 5));
      const touched = all[0];
      if (!touched) throw new Error('no item');
      await repo.updateItem(touched, { description: 'Changed' }, 9000);
      expect((await repo.search(T1, { offset: 0, limit: 200, lastUpdatedFrom: 9000 })).map((i) => i.id)).toEqual([touched.id]);
      expect(await repo.search(T1, { offset: 0, limit: 200, lastUpdatedTo: 999 })).toEqual([]);
    });

    it('filters on hasBetterSuggestion', async () => {
      const [a] = await repo.search(T1, { offset: 0, limit: 1 });
      if (!a) throw new Error('no item');
      const runId = await repo.insertRun(a.id, 'EU', null, 1);
      const run = await repo.getRunById(runId);
      if (!run) throw new Error('no run');
      await repo.completeRun(run, result('42022100'), true, 2);
      expect((await repo.search(T1, { offset: 0, limit: 200, hasBetterSuggestion: true })).map((i) => i.id)).toEqual([a.id]);
      expect((await repo.search(T1, { offset: 0, limit: 200, hasBetterSuggestion: false })).map((i) => i.id)).not.toContain(a.id);
      expect(await repo.search(T1, { offset: 0, limit: 200, hasBetterSuggestion: false })).toHaveLength(refs.length - 1);
    });
  });

  describe('images', () => {
    it('returns the stored bytes as a Buffer, for the item tenant only', async () => {
      const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
      const a = await repo.createItem(T1, item('I-1'), [image('all-bytes.png', bytes)], 1);
      const [meta] = await repo.listImages(a.id);
      if (!meta) throw new Error('no image');
      expect(meta).toEqual({ imageId: meta.imageId, itemId: a.id, fileName: 'all-bytes.png', contentType: 'image/png' });
      const stored = await repo.getImage(T1, a.id, meta.imageId);
      expect(Buffer.isBuffer(stored?.bytes)).toBe(true);
      expect(stored).toEqual({ fileName: 'all-bytes.png', contentType: 'image/png', bytes });
      expect(await repo.getImage(T2, a.id, meta.imageId)).toBeUndefined();
      expect(await repo.getImage(T1, a.id, 'nope')).toBeUndefined();
    });

    it('adds images after the existing ones, bumps lastUpdated, and refuses other tenants', async () => {
      const a = await repo.createItem(T1, item('I-2'), [image('1.png'), image('2.png')], 1);
      const [first] = await repo.listImages(a.id);
      expect(await repo.deleteImage(T1, a.id, first?.imageId ?? '', 2)).toBe(true);
      const added = await repo.addImages(T1, a.id, [image('3.png', undefined, 'page one'), image('4.png')], 3);
      expect(added?.map((i) => i.fileName)).toEqual(['3.png', '4.png']);
      expect((await repo.listImages(a.id)).map((i) => i.fileName)).toEqual(['2.png', '3.png', '4.png']);
      expect(await repo.imageEvidence(a.id)).toEqual([
        { fileName: '2.png', pageText: null },
        { fileName: '3.png', pageText: 'page one' },
        { fileName: '4.png', pageText: null },
      ]);
      expect((await repo.getItem(T1, a.id))?.updatedAt).toBe(3);
      expect(await repo.addImages(T2, a.id, [image('5.png')], 4)).toBeUndefined();
      expect(await repo.addImages(T1, '8a0c1f57-3b0e-4a39-9b8e-000000000000', [image('5.png')], 4)).toBeUndefined();
      expect((await repo.getItem(T1, a.id))?.updatedAt).toBe(3);
    });

    it('deletes an image of the tenant item only, and bumps lastUpdated only then', async () => {
      const a = await repo.createItem(T1, item('I-3'), [image('1.png')], 1);
      const [meta] = await repo.listImages(a.id);
      const imageId = meta?.imageId ?? '';
      expect(await repo.deleteImage(T2, a.id, imageId, 2)).toBe(false);
      expect(await repo.deleteImage(T1, a.id, 'nope', 2)).toBe(false);
      expect((await repo.getItem(T1, a.id))?.updatedAt).toBe(1);
      expect(await repo.deleteImage(T1, a.id, imageId, 3)).toBe(true);
      expect(await repo.listImages(a.id)).toEqual([]);
      expect((await repo.getItem(T1, a.id))?.updatedAt).toBe(3);
    });

    it('keeps every image of concurrent uploads to one item, in distinct places', async () => {
      const a = await repo.createItem(T1, item('I-4'), [], 1);
      await Promise.all(Array.from({ length: 6 }, (_, i) => repo.addImages(T1, a.id, [image(`${i}a.png`), image(`${i}b.png`)], 2)));
      const names = (await repo.listImages(a.id)).map((i) => i.fileName);
      expect(names).toHaveLength(12);
      // Each upload's pages stay together and in order.
      for (let i = 0; i < 6; i++) expect(names.indexOf(`${i}b.png`)).toBe(names.indexOf(`${i}a.png`) + 1);
    });
  });

  describe('runs', () => {
    it('goes Pending, Processing, Completed; finished runs are not reopened', async () => {
      const a = await repo.createItem(T1, item('R-1'), [], 1);
      const runId = await repo.insertRun(a.id, 'UK', '4202210000', 2);
      const pending = await repo.getRun(T1, a.id, runId);
      expect(pending).toEqual({
        id: runId,
        itemId: a.id,
        jurisdiction: 'UK',
        code: '4202210000',
        status: 'Pending',
        result: null,
        errorCode: null,
        message: null,
        createdAt: 2,
        updatedAt: 2,
      });
      expect(await repo.getRun(T2, a.id, runId)).toBeUndefined();
      await repo.markProcessing(runId, 3);
      expect(await repo.getRunById(runId)).toMatchObject({ status: 'Processing', updatedAt: 3 });
      if (!pending) throw new Error('no run');
      await repo.completeRun(pending, result('4202210000'), false, 4);
      expect(await repo.getRunById(runId)).toMatchObject({ status: 'Completed', result: result('4202210000'), updatedAt: 4 });
      await repo.markProcessing(runId, 5);
      expect(await repo.getRunById(runId)).toMatchObject({ status: 'Completed', updatedAt: 4 });
    });

    it('fails a run with a code and message', async () => {
      const a = await repo.createItem(T1, item('R-2'), [], 1);
      const runId = await repo.insertRun(a.id, 'EU', null, 2);
      await repo.failRun(runId, 'classification_failed', 'nothing to classify', 3);
      expect(await repo.getRunById(runId)).toMatchObject({
        status: 'Error',
        errorCode: 'classification_failed',
        message: 'nothing to classify',
        result: null,
      });
    });

    it('records better suggestions per jurisdiction, sorted, and clears them on a later run', async () => {
      const a = await repo.createItem(T1, item('R-3'), [], 1);
      const run = async (jurisdiction: 'EU' | 'UK' | 'CH', better: boolean) => {
        const stored = await repo.getRunById(await repo.insertRun(a.id, jurisdiction, null, 2));
        if (!stored) throw new Error('no run');
        await repo.completeRun(stored, result('42022100'), better, 3);
      };
      await run('UK', true);
      await run('EU', true);
      expect((await repo.getItem(T1, a.id))?.betterJurisdictions).toEqual(['EU', 'UK']);
      await run('UK', false);
      await run('CH', false);
      expect((await repo.getItem(T1, a.id))?.betterJurisdictions).toEqual(['EU']);
      expect((await repo.getItem(T1, a.id))?.updatedAt).toBe(1);
      expect((await repo.listRuns(a.id)).map((r) => r.status)).toEqual(['Completed', 'Completed', 'Completed', 'Completed']);
    });

    it('starts runs with a credit and a job in one transaction: concurrent starts spend exactly the credits left', async () => {
      await store.repos.tenants.seed([{ tenantId: T1, name: 'Acme', classificationJurisdictions: ['EU'], credits: 5 }]);
      const a = await repo.createItem(T1, item('R-5'), [], 1);
      const startRun = () =>
        store.transaction(async (tx) => {
          if (!(await tx.tenants.takeCredit(T1))) return undefined;
          const runId = await tx.classification.insertRun(a.id, 'EU', null, 2);
          await tx.jobs.insert({ kind: 'classification.run', payload: { runId }, runAt: 2, createdAt: 2 });
          return runId;
        });
      const started = (await Promise.all(Array.from({ length: 20 }, startRun))).filter((id) => id !== undefined);
      expect(started).toHaveLength(5);
      expect((await repo.listRuns(a.id)).map((r) => r.id).sort()).toEqual([...started].sort());
      expect(await store.repos.jobs.count({ kinds: ['classification.run'] })).toBe(5);
      expect((await store.repos.tenants.get(T1))?.credits).toBe(0);
    });

    it('loses no jurisdiction when runs of one item complete together', async () => {
      const a = await repo.createItem(T1, item('R-4'), [], 1);
      const runIds = await Promise.all((['EU', 'UK', 'US', 'CH'] as const).map((j) => repo.insertRun(a.id, j, null, 2)));
      const runs = (await Promise.all(runIds.map((id) => repo.getRunById(id)))).filter((r) => r !== undefined);
      expect(runs).toHaveLength(4);
      await Promise.all(runs.map((r) => repo.completeRun(r, result('42022100'), true, 3)));
      expect((await repo.getItem(T1, a.id))?.betterJurisdictions).toEqual(['CH', 'EU', 'UK', 'US']);
    });
  });
});

describe('classification migration over a legacy SQLite file', () => {
  it('keeps the images of a database the legacy schema created (before migrations), in the order they were added', async () => {
    const connection = await connect<ClassificationTables>({
      url: undefined,
      dataDir: mkdtempSync(join(tmpdir(), 'sandbox-legacy-')),
      fileName: 'sandbox.sqlite',
      applicationName: 'test',
    });
    for (const statement of [
      `CREATE TABLE classification_items (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, external_reference TEXT NOT NULL, description TEXT, origin TEXT,
        assigned TEXT NOT NULL DEFAULT '[]', better_jurisdictions TEXT NOT NULL DEFAULT '[]', created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, UNIQUE (tenant_id, external_reference))`,
      `CREATE TABLE classification_images (id TEXT PRIMARY KEY, item_id TEXT NOT NULL REFERENCES classification_items (id) ON DELETE CASCADE,
        file_name TEXT NOT NULL, content_type TEXT NOT NULL, bytes BLOB NOT NULL, page_text TEXT, created_at INTEGER NOT NULL)`,
      `INSERT INTO classification_items (id, tenant_id, external_reference, created_at, updated_at) VALUES ('item-1', '${T1}', 'OLD-1', 1, 1)`,
      `INSERT INTO classification_images VALUES ('z', 'item-1', 'first.png', 'image/png', x'00', NULL, 1), ('a', 'item-1', 'second.png', 'image/png', x'01', NULL, 1)`,
    ]) {
      await sql.raw(statement).execute(connection.db);
    }
    await migrateToLatest(connection.db, { engine: 'sqlite', migrations: sandboxMigrations, historyTable: SANDBOX_MIGRATION_TABLE });
    const repo = new KyselyClassificationRepository(connection.db, 'sqlite');
    expect((await repo.listImages('item-1')).map((i) => i.fileName)).toEqual(['first.png', 'second.png']);
    await repo.addImages(T1, 'item-1', [image('third.png')], 2);
    expect((await repo.listImages('item-1')).map((i) => i.fileName)).toEqual(['first.png', 'second.png', 'third.png']);
    await connection.db.destroy();
  });
});
