import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { declarationSearchQuerySchema, type DeclarationSearchQueryInput } from '../../../contract/declarations.js';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import { untilLockWaiters } from '../../../server-kit/test-support/lock-waiters.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';
import { goodsItems, newDeclaration } from './test-declarations.js';

const AT = '2026-04-01T12:00:00.000Z';
const query = (q: DeclarationSearchQueryInput = {}) => declarationSearchQuerySchema.parse(q);

describe.each(testEngines())('declarations repository on %s', (engine) => {
  let store: SandboxStore;
  let databaseUrl: string | undefined;
  beforeEach(async () => {
    ({ store, databaseUrl } = await openTestStore(engine));
  });
  afterEach(async () => store.close());

  it('stores a declaration with its goods items in order and reads it back as a record', async () => {
    const d = newDeclaration(1, { errors: [{ errorCode: 'V1', message: 'missing', fieldReference: [] }], submission: 2 });
    await store.repos.declarations.insert([{ declaration: d, items: goodsItems('B', 'A', 'C') }]);

    const record = await store.repos.declarations.getById(d.id);
    expect(record).toEqual({ ...d, lastUpdated: d.creationDate, errors: d.errors, submission: 2 });
    expect(await store.repos.declarations.get('t-1', d.id)).toEqual(record);
    expect(await store.repos.declarations.get('t-other', d.id)).toBeUndefined();
    expect(await store.repos.declarations.getById('nope')).toBeUndefined();

    const items = await store.repos.declarations.items(d.id);
    expect(items).toEqual(goodsItems('B', 'A', 'C'));
    expect(await store.repos.declarations.item(d.id, 'item-C')).toEqual({ item: goodsItems('B', 'A', 'C')[2], sequenceNumber: 3 });
    expect(await store.repos.declarations.item(d.id, 'item-B')).toMatchObject({ sequenceNumber: 1 });
    expect(await store.repos.declarations.item(d.id, 'item-X')).toBeUndefined();
  });

  it('inserts many declarations at once and lists a shipment’s in insertion order', async () => {
    const many = Array.from({ length: 600 }, (_, i) => ({
      declaration: newDeclaration(i, { shipmentId: i % 2 ? 's-odd' : 's-even' }),
      items: goodsItems(`${i}a`, `${i}b`),
    }));
    await store.repos.declarations.insert(many);
    const odd = await store.repos.declarations.byShipment('s-odd');
    expect(odd.map((d) => d.id)).toEqual(many.filter((_, i) => i % 2).map((e) => e.declaration.id));
    expect(await store.repos.declarations.items('d-0599')).toHaveLength(2);
  });

  it('refuses a second declaration with the same id or LRN', async () => {
    await store.repos.declarations.insert([{ declaration: newDeclaration(1), items: [] }]);
    await expect(store.repos.declarations.insert([{ declaration: newDeclaration(2, { lrn: 'LRN000001' }), items: [] }])).rejects.toThrow();
    await expect(store.repos.declarations.insert([{ declaration: newDeclaration(1, { lrn: 'OTHER' }), items: [] }])).rejects.toThrow();
  });

  it('changes the status with what the options name, leaving the rest as it was', async () => {
    const d = newDeclaration(1, { errors: [{ errorCode: 'V1', message: 'm', fieldReference: [] }] });
    await store.repos.declarations.insert([{ declaration: d, items: [] }]);

    const submitted = await store.repos.declarations.updateStatus(d.id, 'Submitted', { errors: [], newSubmission: true }, AT);
    expect(submitted).toMatchObject({ status: 'Submitted', errors: [], submission: 1, lastUpdated: AT, mrn: null });
    const accepted = await store.repos.declarations.updateStatus(
      d.id,
      'Accepted',
      { mrn: '26GB123', declarationDate: AT },
      '2026-04-01T12:05:00.000Z',
    );
    expect(accepted).toMatchObject({ status: 'Accepted', mrn: '26GB123', declarationDate: AT, submission: 1, arc: null });
    const again = await store.repos.declarations.updateStatus(d.id, 'Submitted', { newSubmission: true }, AT);
    expect(again).toMatchObject({ submission: 2, mrn: '26GB123', errors: [] });
    const invalid = await store.repos.declarations.updateStatus(
      d.id,
      'Invalid',
      { errors: [{ errorCode: 'V9', message: 'x', fieldReference: [] }], mrn: null, arc: 'ARC1' },
      AT,
    );
    expect(invalid).toMatchObject({ status: 'Invalid', mrn: null, arc: 'ARC1' });
    expect(invalid?.errors.map((e) => e.errorCode)).toEqual(['V9']);
    expect((await store.repos.declarations.search('t-1', query()))[0]?.hasErrors).toBe(true);
    expect(await store.repos.declarations.updateStatus('nope', 'Invalid', {}, AT)).toBeUndefined();
  });

  it('replaces the document with derived columns, restarts a flow, sets errors and one header field', async () => {
    const d = newDeclaration(1, {
      mrn: 'M',
      arc: 'A',
      declarationDate: AT,
      errors: [{ errorCode: 'V1', message: 'm', fieldReference: [] }],
    });
    await store.repos.declarations.insert([{ declaration: d, items: goodsItems('A1', 'A2') }]);

    await store.repos.declarations.saveDocument(
      d.id,
      { declType: 'IM', ucr: 'U-1' },
      goodsItems('A2', 'N1'),
      { ucr: 'U-1', shipFrom: 'VN', shipTo: 'NL' },
      AT,
    );
    const saved = await store.repos.declarations.getById(d.id);
    expect(saved).toMatchObject({
      header: { declType: 'IM', ucr: 'U-1' },
      ucr: 'U-1',
      shipFrom: 'VN',
      shipTo: 'NL',
      lastUpdated: AT,
      status: 'Validated',
    });
    expect((await store.repos.declarations.items(d.id)).map((i) => i.casReference)).toEqual(['A2', 'N1']);
    expect(await store.repos.declarations.item(d.id, 'item-A1')).toBeUndefined();

    await store.repos.declarations.restart(
      d.id,
      { customsFlow: 'NL Import', customsFlowStep: 'Import', jurisdiction: 'NL', storageLocation: null, lrn: 'LRN-NEW' },
      AT,
    );
    expect(await store.repos.declarations.getById(d.id)).toMatchObject({
      customsFlow: 'NL Import',
      customsFlowStep: 'Import',
      jurisdiction: 'NL',
      storageLocation: null,
      lrn: 'LRN-NEW',
      mrn: null,
      arc: null,
      declarationDate: null,
      errors: [],
    });

    await store.repos.declarations.setErrors(d.id, [{ errorCode: 'V2', message: 'n', fieldReference: [] }], '2026-04-02T00:00:00.000Z');
    expect(await store.repos.declarations.getById(d.id)).toMatchObject({
      errors: [{ errorCode: 'V2' }],
      lastUpdated: '2026-04-02T00:00:00.000Z',
      status: 'Validated',
    });

    await store.repos.declarations.setHeaderField(d.id, 'addDeclType', 'A', AT);
    expect((await store.repos.declarations.getById(d.id))?.header).toEqual({ declType: 'IM', ucr: 'U-1', addDeclType: 'A' });
    await expect(store.repos.declarations.setHeaderField('nope', 'x', 1, AT)).rejects.toThrow();
  });

  it('keeps both of two concurrent header changes (read-check-write under the row lock)', async () => {
    const d = newDeclaration(1);
    await store.repos.declarations.insert([{ declaration: d, items: [] }]);
    const fields = ['a', 'b', 'c', 'd'];
    let holders = 0;
    await Promise.all(
      fields.map((field) =>
        store.transaction(async (tx) => {
          await tx.declarations.lockById(d.id);
          // PostgreSQL: the holder writes only once every later transaction waits for the row
          // (SQLite runs one transaction at a time anyway).
          const waiting = fields.length - ++holders;
          if (databaseUrl && waiting > 0) await untilLockWaiters(databaseUrl, waiting);
          await tx.declarations.setHeaderField(d.id, field, true, AT);
        }),
      ),
    );
    expect((await store.repos.declarations.getById(d.id))?.header).toMatchObject({ a: true, b: true, c: true, d: true });
  });

  it('rolls back a transaction’s declarations and items together', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.declarations.insert([{ declaration: newDeclaration(1), items: goodsItems('A') }]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.repos.declarations.getById('d-0001')).toBeUndefined();
    expect(await store.repos.declarations.items('d-0001')).toEqual([]);
  });
});

describe.each(testEngines())('declaration search on %s', (engine) => {
  let store: SandboxStore;
  const ids = (rows: { declarationId: string }[]) => rows.map((r) => r.declarationId);

  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
    await store.repos.declarations.insert([
      {
        declaration: newDeclaration(1, {
          creationDate: '2026-03-10T08:00:00.000Z',
          status: 'Invalid',
          errors: [{ errorCode: 'V1', message: 'm', fieldReference: [] }],
        }),
        items: [],
      },
      {
        declaration: newDeclaration(2, {
          creationDate: '2026-03-10T23:59:59.999Z',
          status: 'Released',
          mrn: '26GBMRN',
          declarationDate: '2026-03-11T01:00:00.000Z',
          ucr: 'UCR-2',
        }),
        items: [],
      },
      {
        declaration: newDeclaration(3, {
          creationDate: '2026-03-11T00:00:00.000Z',
          jurisdiction: 'NL',
          storageLocation: 'NL-RTM-01',
          direction: 'OUT',
          shipFrom: 'NL',
          shipTo: 'US',
          customsFlow: 'NL Export',
          customsFlowStep: 'Export',
        }),
        items: [],
      },
      {
        declaration: newDeclaration(4, {
          creationDate: '2026-03-11T00:00:00.000Z',
          status: 'Accepted',
          arc: '26GBARC',
          externalReference: 'po-4',
        }),
        items: [],
      },
      { declaration: newDeclaration(5, { creationDate: '2026-03-12T00:00:00.000Z', tenantId: 't-2' }), items: [] },
    ]);
  });
  afterEach(async () => store.close());

  it('orders by creationDate descending, then id, pages by limit and offset, within the tenant', async () => {
    const all = await store.repos.declarations.search('t-1', query());
    expect(ids(all)).toEqual(['d-0003', 'd-0004', 'd-0002', 'd-0001']);
    expect(ids(await store.repos.declarations.search('t-1', query({ limit: '2', offset: '2' })))).toEqual(['d-0002', 'd-0001']);
    expect(await store.repos.declarations.search('t-1', query({ limit: '2', offset: '4' }))).toEqual([]);
    expect(ids(await store.repos.declarations.search('t-2', query()))).toEqual(['d-0005']);
    expect(await store.repos.declarations.count('t-1')).toBe(4);
    expect(await store.repos.declarations.count('t-3')).toBe(0);
    expect(all.find((d) => d.declarationId === 'd-0001')).toEqual({
      declarationId: 'd-0001',
      currentStatus: 'Invalid',
      mrn: null,
      lrn: 'LRN000001',
      arc: null,
      ucr: null,
      externalReference: 'PO-1',
      direction: 'IN',
      customsFlow: 'GB Import',
      customsFlowStep: 'H1 Import',
      jurisdiction: 'GB',
      storageLocation: 'GB-FXT-01',
      shipFrom: 'CN',
      shipTo: 'GB',
      hasErrors: true,
      declarationDate: null,
      creationDate: '2026-03-10T08:00:00.000Z',
      lastUpdated: '2026-03-10T08:00:00.000Z',
    });
    expect(all.find((d) => d.declarationId === 'd-0002')?.hasErrors).toBe(false);
  });

  it('matches single fields exactly (case included) and repeated ones as alternatives', async () => {
    const search = async (q: DeclarationSearchQueryInput) => ids(await store.repos.declarations.search('t-1', query(q)));
    expect(await search({ externalReference: 'PO-4' })).toEqual([]);
    expect(await search({ externalReference: 'po-4' })).toEqual(['d-0004']);
    expect(await search({ externalReference: 'PO' })).toEqual([]);
    expect(await search({ mrn: '26GBMRN' })).toEqual(['d-0002']);
    expect(await search({ arc: '26GBARC' })).toEqual(['d-0004']);
    expect(await search({ lrn: 'LRN000003' })).toEqual(['d-0003']);
    expect(await search({ ucr: 'UCR-2' })).toEqual(['d-0002']);
    expect(await search({ direction: 'OUT', shipTo: 'US', shipFrom: 'NL' })).toEqual(['d-0003']);
    expect(await search({ customsFlow: 'NL Export', customsFlowStep: ['Export'] })).toEqual(['d-0003']);
    expect(await search({ jurisdiction: 'gb' })).toEqual([]);
    expect(await search({ currentStatus: ['Invalid', 'Released'] })).toEqual(['d-0002', 'd-0001']);
    expect(await search({ currentStatus: 'Released', jurisdiction: ['GB', 'NL'] })).toEqual(['d-0002']);
    expect(await search({ storageLocation: ['NL-RTM-01', 'XX'] })).toEqual(['d-0003']);
  });

  it('filters date ranges: a plain date as "to" includes its whole day, a date-time without zone is UTC', async () => {
    const search = async (q: DeclarationSearchQueryInput) => ids(await store.repos.declarations.search('t-1', query(q)));
    expect(await search({ creationDateFrom: '2026-03-10', creationDateTo: '2026-03-10' })).toEqual(['d-0002', 'd-0001']);
    expect(await search({ creationDateFrom: '2026-03-11' })).toEqual(['d-0003', 'd-0004']);
    expect(await search({ creationDateTo: '2026-03-10T08:00:00' })).toEqual(['d-0001']);
    expect(await search({ creationDateFrom: '2026-03-11T01:00:00+01:00', creationDateTo: '2026-03-11T00:00:00Z' })).toEqual([
      'd-0003',
      'd-0004',
    ]);
    expect(await search({ declarationDateFrom: '2000-01-01' })).toEqual(['d-0002']);
    expect(await search({ lastUpdatedFrom: '2999-01-01T00:00:00Z' })).toEqual([]);
  });
});
