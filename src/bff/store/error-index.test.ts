import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';
import type { IndexedDeclaration } from './error-index.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const SAD = 'singleAdministrativeDocument';
const declaration = (id: string, over: Partial<IndexedDeclaration> = {}): IndexedDeclaration => ({
  declarationId: id,
  lrn: `LRN-${id}`,
  currentStatus: 'Invalid',
  customsFlow: 'GB Import',
  lastUpdated: '2026-01-01T10:00:00.000Z',
  errors: [
    {
      errorCode: 'V1003',
      message: 'Declaration office code is unknown.',
      fieldReference: [{ fieldName: 'declarationOfficeCode', path: `${SAD}.declarationOfficeCode` }],
    },
    {
      errorCode: 'V1042',
      message: 'Commodity code is unknown.',
      fieldReference: [{ fieldName: 'id', path: `${SAD}.goodsShipment.governmentAgencyGoodsItems[0].commodity.classification.id` }],
    },
  ],
  ...over,
});

async function open(engine: Parameters<typeof openTestStore>[0]) {
  const { store } = await openTestStore(engine);
  opened.push(store);
  return store.repos.errorIndex;
}

describe.each(testEngines())('error index repository on %s', (engine) => {
  it('groups codes by declarations, with message, fields and flows, largest first; V-codes apart from customs codes', async () => {
    const index = await open(engine);
    await index.put(declaration('D-1'));
    await index.put(declaration('D-2', { customsFlow: 'NL Import', errors: [declaration('x').errors[0]!] }));
    await index.put(
      declaration('D-3', {
        currentStatus: 'CustomsError',
        errors: [{ errorCode: 'CDS12005', message: 'Rejected by customs.', fieldReference: [] }],
      }),
    );
    const groups = await index.groups();
    expect(groups.map((g) => [g.errorCode, g.declarations, g.kind])).toEqual([
      ['V1003', 2, 'validation'],
      ['CDS12005', 1, 'customs'],
      ['V1042', 1, 'validation'],
    ]);
    expect(groups[0]).toMatchObject({
      message: 'Declaration office code is unknown.',
      fields: [`${SAD}.declarationOfficeCode`],
      flows: ['GB Import', 'NL Import'],
    });
    expect(groups[1]?.fields).toEqual([]);
    expect(await index.declarationCount()).toBe(3);

    const withCode = await index.declarationsWith('V1003');
    expect(withCode).toEqual([
      {
        declarationId: 'D-1',
        lrn: 'LRN-D-1',
        currentStatus: 'Invalid',
        customsFlow: 'GB Import',
        fieldReference: [{ fieldName: 'declarationOfficeCode', path: `${SAD}.declarationOfficeCode` }],
      },
      {
        declarationId: 'D-2',
        lrn: 'LRN-D-2',
        currentStatus: 'Invalid',
        customsFlow: 'NL Import',
        fieldReference: [{ fieldName: 'declarationOfficeCode', path: `${SAD}.declarationOfficeCode` }],
      },
    ]);
  });

  it('replaces a declaration’s rows on each read, drops them when it leaves Invalid/CustomsError, and ignores an older read', async () => {
    const index = await open(engine);
    await index.put(declaration('D-1'));
    expect(await index.put(declaration('D-1', { lastUpdated: '2026-01-01T11:00:00.000Z', errors: [declaration('x').errors[1]!] }))).toBe(
      true,
    );
    expect((await index.groups()).map((g) => g.errorCode)).toEqual(['V1042']);

    // An older read arriving late (events are unordered) changes nothing.
    expect(await index.put(declaration('D-1', { lastUpdated: '2026-01-01T10:30:00.000Z' }))).toBe(false);
    expect((await index.groups()).map((g) => g.errorCode)).toEqual(['V1042']);

    // The same read twice (a duplicate event) is harmless.
    await index.put(declaration('D-1', { lastUpdated: '2026-01-01T11:00:00.000Z', errors: [declaration('x').errors[1]!] }));
    expect((await index.groups()).map((g) => [g.errorCode, g.declarations])).toEqual([['V1042', 1]]);

    await index.put(declaration('D-1', { lastUpdated: '2026-01-01T12:00:00.000Z', currentStatus: 'Validated', errors: [] }));
    expect(await index.groups()).toEqual([]);
    expect(await index.declarationCount()).toBe(0);
  });

  it('keeps an error once per field, and an error without a field once', async () => {
    const index = await open(engine);
    const twice = {
      errorCode: 'V1023',
      message: 'Currency differs.',
      fieldReference: [
        { fieldName: 'currency', path: 'a' },
        { fieldName: 'currency', path: 'a' },
        { fieldName: 'currency', path: 'b' },
      ],
    };
    await index.put(declaration('D-1', { errors: [twice, { errorCode: 'V1040', message: 'No goods items.', fieldReference: [] }] }));
    const groups = await index.groups();
    expect(groups.find((g) => g.errorCode === 'V1023')?.fields).toEqual(['a', 'b']);
    expect((await index.declarationsWith('V1040'))[0]?.fieldReference).toEqual([]);
  });

  it('after a rebuild, drops declarations the walk did not find; remove forgets one', async () => {
    const index = await open(engine);
    await index.put(declaration('D-old'), new Date('2026-01-01T00:00:00.000Z'));
    await index.put(declaration('D-new'), new Date('2026-01-02T00:00:00.000Z'));
    expect(await index.removeNotIndexedSince('2026-01-01T12:00:00.000Z')).toBe(1);
    expect((await index.declarationsWith('V1003')).map((d) => d.declarationId)).toEqual(['D-new']);
    await index.remove('D-new');
    expect(await index.declarationCount()).toBe(0);
  });

  it('runs one rebuild at a time and keeps its progress', async () => {
    const index = await open(engine);
    expect(await index.latestRebuild()).toBeNull();
    const job = await index.startRebuild('Sam Supervisor', new Date('2026-01-01T00:00:00.000Z'));
    expect(job).toMatchObject({ status: 'running', startedBy: 'Sam Supervisor', pages: 0 });
    expect(await index.startRebuild('Other')).toBeUndefined();
    await index.progressRebuild(job!.id, { pages: 2, found: 150, indexed: 120 });
    expect(await index.latestRebuild()).toMatchObject({ status: 'running', pages: 2, found: 150, indexed: 120 });
    await index.finishRebuild(job!.id, { error: null });
    expect((await index.latestRebuild())?.status).toBe('done');

    const failed = await index.startRebuild('Sam Supervisor');
    await index.finishRebuild(failed!.id, { error: 'The customs service could not be reached.' });
    expect(await index.latestRebuild()).toMatchObject({ status: 'failed', error: 'The customs service could not be reached.' });
  });

  it('is incomplete until a build finishes after the last missed events, and starts an automatic build only then', async () => {
    const index = await open(engine);
    expect(await index.isComplete()).toBe(false);
    const first = await index.startRebuild('the console', new Date('2026-01-01T00:00:00.000Z'), { onlyIfIncomplete: true });
    expect(first).toBeDefined();
    expect(await index.isComplete()).toBe(false);
    await index.finishRebuild(first!.id, { error: 'The customs service could not be reached.' });
    expect(await index.isComplete()).toBe(false);
    const second = await index.startRebuild('the console', new Date('2026-01-01T00:01:00.000Z'), { onlyIfIncomplete: true });
    await index.finishRebuild(second!.id, { error: null });
    expect(await index.isComplete()).toBe(true);
    expect(await index.startRebuild('the console', new Date(), { onlyIfIncomplete: true })).toBeUndefined();

    // Events missed after that build: incomplete again, one more build, and a build that began before the gap does not count.
    const early = await index.startRebuild('Sam Supervisor', new Date('2026-01-01T00:02:00.000Z'));
    await index.markEventsMissed(new Date('2026-01-01T00:03:00.000Z'));
    await index.finishRebuild(early!.id, { error: null });
    expect(await index.isComplete()).toBe(false);
    const again = await index.startRebuild('the console', new Date('2026-01-01T00:04:00.000Z'), { onlyIfIncomplete: true });
    await index.finishRebuild(again!.id, { error: null });
    expect(await index.isComplete()).toBe(true);
  });

  it('gives up a rebuild whose replica stopped', async () => {
    const index = await open(engine);
    await index.startRebuild('A', new Date('2026-01-01T00:00:00.000Z'));
    await index.abandonRebuildsBefore('2026-01-01T00:10:00.000Z');
    expect((await index.latestRebuild())?.status).toBe('failed');
    expect(await index.startRebuild('B')).toBeDefined();
  });
});

describe.skipIf(!testEngines().includes('postgres'))('error index across replicas', () => {
  it('lets one of two replicas start a rebuild, and keeps one set of rows when both index a declaration at once', async () => {
    const first = await openTestStore('postgres');
    const second = await first.reopen();
    opened.push(first.store, second);
    const started = await Promise.all([first.store.repos.errorIndex.startRebuild('a'), second.repos.errorIndex.startRebuild('b')]);
    expect(started.filter(Boolean)).toHaveLength(1);
    await first.store.repos.errorIndex.finishRebuild(started.find(Boolean)!.id, { error: null });
    expect(await second.repos.errorIndex.isComplete()).toBe(true);
    await Promise.all([first.store.repos.errorIndex.put(declaration('D-1')), second.repos.errorIndex.put(declaration('D-1'))]);
    expect((await second.repos.errorIndex.groups()).map((g) => [g.errorCode, g.declarations])).toEqual([
      ['V1003', 1],
      ['V1042', 1],
    ]);
  });

  it('builds once when two replicas find the index incomplete at once', async () => {
    const first = await openTestStore('postgres');
    const second = await first.reopen();
    opened.push(first.store, second);
    const started = await Promise.all(
      [first.store, second, first.store, second].map((s) =>
        s.repos.errorIndex.startRebuild('the console', new Date(), { onlyIfIncomplete: true }),
      ),
    );
    expect(started.filter(Boolean)).toHaveLength(1);
    await first.store.repos.errorIndex.finishRebuild(started.find(Boolean)!.id, { error: null });
    // The other replica, asking a moment later, finds it complete.
    expect(await second.repos.errorIndex.startRebuild('the console', new Date(), { onlyIfIncomplete: true })).toBeUndefined();
  });
});
