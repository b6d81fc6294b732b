import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { problemSchema } from '../../contract/problem.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import type { FormulaRecord } from '../store/formulas/formula-repository.js';
import type { FormulaMessageRecord } from './formulas-feature.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: false, timeScale: 1_000_000 });
});
afterAll(async () => sandbox.close());

const acceptedSchema = z.object({ referenceId: z.uuid() });
const line = (i: number) => ({ itemId: `RM-${i}`, quantity: 1.5, uom: 'KGM' });
const product = (i: number) => ({ itemId: `SP-${i}`, quantity: 0.25, uom: 'KGM', isWaste: i % 2 === 0 });
const formula = (itemId: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  itemId,
  activeFromDate: '2025-06-01T00:00:00Z',
  quantity: 100,
  uom: 'KGM',
  processingType: '1',
  formulaLines: [line(1), line(2)],
  secondaryProducts: [product(1)],
  ...extra,
});

const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }, clientId?: string) =>
  sandbox.call('/v1/formulas', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body), clientId });

async function accept(body: unknown, headers?: Record<string, string>): Promise<string> {
  const res = await post(body, headers);
  expect(res.status, await res.clone().text()).toBe(202);
  return acceptedSchema.parse(await res.json()).referenceId;
}

async function outcome(referenceId: string): Promise<FormulaMessageRecord> {
  await sandbox.ctx.jobs.drain();
  const res = await sandbox.control(`/_sandbox/formula-messages/${referenceId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as FormulaMessageRecord;
}

async function readFormula(itemId: string): Promise<FormulaRecord> {
  const res = await sandbox.control(`/_sandbox/formulas/${encodeURIComponent(itemId)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as FormulaRecord;
}

async function badRequestNames(body: unknown, headers?: Record<string, string>): Promise<string[]> {
  const res = await post(body, headers);
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const problem = problemSchema.parse(await res.json());
  return (problem['invalid-parameters'] ?? []).map((p) => p.name);
}

async function formulaEvents(referenceId: string): Promise<{ subType: string; data: Record<string, unknown> }[]> {
  return (await sandbox.ctx.store.repos.events.list({ eventType: 'FormulaInformation' }))
    .map((e) => ({ subType: e.eventSubType, data: e.data }))
    .filter((e) => z.array(z.string()).parse(e.data.ingestionReferences).includes(referenceId));
}

describe('POST /v1/formulas: accepted messages add versions', () => {
  it('answers 202 {referenceId}, creates the formula with version 1 and emits CreationSuccessful', async () => {
    const referenceId = await accept(formula('FG-VERSIONS', { documentReference: 'PO-1', storageLocationReference: 'NL-01' }));
    expect((await outcome(referenceId)).status).toBe('Processed');
    const f = await readFormula('FG-VERSIONS');
    expect(f.versions).toHaveLength(1);
    expect(f.versions[0]).toMatchObject({
      versionNumber: 1,
      referenceId,
      itemId: 'FG-VERSIONS',
      documentReference: 'PO-1',
      quantity: 100,
      formulaLines: [line(1), line(2)],
    });
    const events = await formulaEvents(referenceId);
    expect(events).toEqual([
      {
        subType: 'CreationSuccessful',
        data: expect.objectContaining({
          tenantId: 't-acc-001',
          businessReference: 'FG-VERSIONS',
          itemId: 'FG-VERSIONS',
          versionNumber: 1,
        }) as unknown,
      },
    ]);
  });

  it('adds a version per accepted message, in arrival order', async () => {
    const second = await accept(formula('FG-VERSIONS', { activeFromDate: '2025-07-01' }));
    const third = await accept(
      formula('FG-VERSIONS', { activeFromDate: '2025-08-01T00:00:00+02:00', activeUntilDate: '2025-12-31T23:59:59Z' }),
    );
    await outcome(third);
    const f = await readFormula('FG-VERSIONS');
    expect(f.versions.map((v) => [v.versionNumber, v.referenceId])).toEqual([
      [1, f.versions[0]?.referenceId],
      [2, second],
      [3, third],
    ]);
  });

  it('keeps formulas apart per itemId and answers 404 for an unknown one', async () => {
    await outcome(await accept(formula('FG-OTHER')));
    expect((await readFormula('FG-OTHER')).versions).toHaveLength(1);
    expect((await sandbox.control(`/_sandbox/formulas/NOPE`)).status).toBe(404);
    expect((await sandbox.control(`/_sandbox/formulas/FG-OTHER?tenantId=t-acc-002`)).status).toBe(404);
  });

  it('needs create:messages (403 for a read-only client)', async () => {
    expect((await post(formula('FG-X'), { 'content-type': 'application/json' }, 'reader-acc')).status).toBe(403);
  });
});

describe('structure: 400 synchronously', () => {
  it.each([
    ['itemId', (f: Record<string, unknown>) => delete f.itemId],
    ['activeFromDate', (f: Record<string, unknown>) => delete f.activeFromDate],
    ['quantity', (f: Record<string, unknown>) => delete f.quantity],
    ['uom', (f: Record<string, unknown>) => delete f.uom],
    ['processingType', (f: Record<string, unknown>) => delete f.processingType],
    ['formulaLines', (f: Record<string, unknown>) => delete f.formulaLines],
    ['formulaLines.1.itemId', (f: Record<string, unknown>) => (f.formulaLines = [line(1), { quantity: 1, uom: 'KGM' }])],
    ['formulaLines.0.quantity', (f: Record<string, unknown>) => (f.formulaLines = [{ itemId: 'A', uom: 'KGM' }])],
    ['formulaLines.0.uom', (f: Record<string, unknown>) => (f.formulaLines = [{ itemId: 'A', quantity: 1 }])],
    ['secondaryProducts.0.itemId', (f: Record<string, unknown>) => (f.secondaryProducts = [{ quantity: 1, uom: 'KGM', isWaste: true }])],
    ['secondaryProducts.0.quantity', (f: Record<string, unknown>) => (f.secondaryProducts = [{ itemId: 'S', uom: 'KGM', isWaste: true }])],
    ['secondaryProducts.0.uom', (f: Record<string, unknown>) => (f.secondaryProducts = [{ itemId: 'S', quantity: 1, isWaste: true }])],
    ['secondaryProducts.0.isWaste', (f: Record<string, unknown>) => (f.secondaryProducts = [{ itemId: 'S', quantity: 1, uom: 'KGM' }])],
  ])('rejects a message without %s', async (name, mutate) => {
    const body = formula('FG-MISSING');
    mutate(body);
    expect(await badRequestNames(body)).toEqual([name]);
  });

  it('rejects wrong types and a date that is not ISO 8601', async () => {
    expect(await badRequestNames(formula('FG-T', { quantity: '100' }))).toEqual(['quantity']);
    expect(await badRequestNames(formula('FG-T', { processingType: 1 }))).toEqual(['processingType']);
    expect(await badRequestNames(formula('FG-T', { secondaryProducts: [{ ...product(1), isWaste: 'yes' }] }))).toEqual([
      'secondaryProducts.0.isWaste',
    ]);
    expect(await badRequestNames(formula('FG-T', { activeFromDate: '01/06/2025' }))).toEqual(['activeFromDate']);
    expect(await badRequestNames(formula('FG-T', { formulaLines: 'none' }))).toEqual(['formulaLines']);
  });

  it('rejects malformed JSON and a body that is not an object', async () => {
    expect((await post('{"itemId":')).status).toBe(400);
    expect((await post('[]')).status).toBe(400);
  });

  it('answers 415 for other content types', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/merge-patch+json', 'application/yaml']) {
      const res = await post('itemId=x', { 'content-type': type });
      expect(res.status, type).toBe(415);
    }
  });
});

describe('business rules: validated asynchronously, reported by CreationUnsuccessful', () => {
  const rejected = async (body: unknown, expected: string) => {
    const referenceId = await accept(body);
    const message = await outcome(referenceId);
    expect(message.status).toBe('Rejected');
    expect(message.errorDescriptions.join('\n')).toContain(expected);
    const events = await formulaEvents(referenceId);
    expect(events).toHaveLength(1);
    expect(events[0]?.subType).toBe('CreationUnsuccessful');
    expect(events[0]?.data.errorDescriptions).toEqual(message.errorDescriptions);
  };
  const processed = async (body: unknown) => expect((await outcome(await accept(body))).status).toBe('Processed');

  it('applies the maximum lengths (version 16, itemId 128, uom 5, storageLocationReference 255)', async () => {
    await processed(formula('I'.repeat(128), { version: 'v'.repeat(16), uom: 'UUUUU', storageLocationReference: 's'.repeat(255) }));
    await rejected(formula('FG-LEN', { version: 'v'.repeat(17) }), 'version: must be at most 16 characters');
    await rejected(formula('I'.repeat(129)), 'itemId: must be at most 128 characters');
    await rejected(formula('FG-LEN', { uom: 'KGMXXX' }), 'uom: must be at most 5 characters');
    await rejected(
      formula('FG-LEN', { storageLocationReference: 's'.repeat(256) }),
      'storageLocationReference: must be at most 255 characters',
    );
    await rejected(
      formula('FG-LEN', { formulaLines: [{ itemId: 'R'.repeat(129), quantity: 1, uom: 'KGM' }] }),
      'formulaLines[0].itemId: must be at most 128 characters',
    );
    await rejected(
      formula('FG-LEN', { formulaLines: [{ itemId: 'R', quantity: 1, uom: 'KGMXXX' }] }),
      'formulaLines[0].uom: must be at most 5 characters',
    );
    await rejected(
      formula('FG-LEN', { secondaryProducts: [{ ...product(1), itemId: 'S'.repeat(129) }] }),
      'secondaryProducts[0].itemId: must be at most 128 characters',
    );
    await rejected(
      formula('FG-LEN', { secondaryProducts: [{ ...product(1), uom: 'KGMXXX' }] }),
      'secondaryProducts[0].uom: must be at most 5 characters',
    );
  });

  it('rejects zero quantities on the header, a line and a secondary product', async () => {
    await rejected(formula('FG-ZERO', { quantity: 0 }), 'quantity: must not be zero');
    await rejected(
      formula('FG-ZERO', { formulaLines: [line(1), { ...line(2), quantity: 0 }] }),
      'formulaLines[1].quantity: must not be zero',
    );
    await rejected(
      formula('FG-ZERO', { secondaryProducts: [{ ...product(1), quantity: 0 }] }),
      'secondaryProducts[0].quantity: must not be zero',
    );
    await processed(formula('FG-ZERO', { quantity: -2.5 }));
  });

  it('accepts processing types 1, 2, 4 and 5 only', async () => {
    for (const processingType of ['1', '2', '4', '5']) await processed(formula(`FG-PT-${processingType}`, { processingType }));
    await rejected(formula('FG-PT-3', { processingType: '3' }), 'processingType: must be one of 1, 2, 4, 5');
  });

  it('rejects an empty formulaLines array and activeUntilDate before activeFromDate', async () => {
    await rejected(formula('FG-EMPTY', { formulaLines: [] }), 'formulaLines: needs at least 1 formula lines');
    await rejected(formula('FG-UNTIL', { activeUntilDate: '2025-01-01T00:00:00Z' }), 'activeUntilDate: must be after activeFromDate');
  });

  it('takes 9,999 formula lines and 9,999 secondary products, and rejects 10,000', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => line(i));
    const products = (n: number) => Array.from({ length: n }, (_, i) => product(i));
    await processed(formula('FG-BIG', { formulaLines: lines(9999), secondaryProducts: products(9999) }));
    const big = await readFormula('FG-BIG');
    expect(big.versions[0]?.formulaLines).toHaveLength(9999);
    expect(big.versions[0]?.secondaryProducts).toHaveLength(9999);
    await rejected(formula('FG-BIG', { formulaLines: lines(10000) }), 'formulaLines: holds at most 9999 formula lines');
    await rejected(formula('FG-BIG', { secondaryProducts: products(10000) }), 'secondaryProducts: holds at most 9999 secondary products');
    expect((await readFormula('FG-BIG')).versions).toHaveLength(1);
  });
});

describe('XML', () => {
  const xml = (secondary: string) => `<?xml version="1.0" encoding="UTF-8"?>
<formula xmlns="urn:example:formula">
  <version>1.0</version>
  <itemId>FG-XML</itemId>
  <activeFromDate>2025-06-01T00:00:00Z</activeFromDate>
  <quantity>12.5</quantity>
  <uom>KGM</uom>
  <processingType>4</processingType>
  <formulaLines>
    <formulaLine><itemId>RM-A</itemId><quantity>10</quantity><uom>KGM</uom></formulaLine>
    <formulaLine><itemId>RM-B</itemId><quantity>-0.5</quantity><uom>LTR</uom></formulaLine>
  </formulaLines>
  <secondaryProducts>${secondary}</secondaryProducts>
</formula>`;

  it('accepts a formula as application/xml with typed numbers and booleans', async () => {
    const referenceId = await accept(
      xml('<secondaryProduct><itemId>SP-A</itemId><quantity>1</quantity><uom>KGM</uom><isWaste>false</isWaste></secondaryProduct>'),
      { 'content-type': 'application/xml' },
    );
    const message = await outcome(referenceId);
    expect(message).toMatchObject({ status: 'Processed', format: 'xml' });
    const version = (await readFormula('FG-XML')).versions[0];
    expect(version).toMatchObject({
      quantity: 12.5,
      processingType: '4',
      formulaLines: [
        { itemId: 'RM-A', quantity: 10, uom: 'KGM' },
        { itemId: 'RM-B', quantity: -0.5, uom: 'LTR' },
      ],
      secondaryProducts: [{ itemId: 'SP-A', quantity: 1, uom: 'KGM', isWaste: false }],
    });
  });

  it('accepts text/xml and answers in XML when Accept asks for it', async () => {
    const res = await post(xml(''), { 'content-type': 'text/xml; charset=utf-8', accept: 'application/xml' });
    expect(res.status).toBe(202);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(await res.text()).toMatch(/<ReturnOnAcceptMessage><referenceId>[0-9a-f-]{36}<\/referenceId><\/ReturnOnAcceptMessage>/);
  });

  it('answers 400 for malformed XML, a missing isWaste and a non-numeric quantity', async () => {
    expect(await badRequestNames('<formula><itemId>x</formula>', { 'content-type': 'application/xml' })).toEqual(['(body)']);
    expect(
      await badRequestNames(xml('<secondaryProduct><itemId>SP</itemId><quantity>1</quantity><uom>KGM</uom></secondaryProduct>'), {
        'content-type': 'application/xml',
      }),
    ).toEqual(['secondaryProducts.0.isWaste']);
    expect(
      await badRequestNames(xml('').replace('<quantity>12.5</quantity>', '<quantity>twelve</quantity>'), {
        'content-type': 'application/xml',
      }),
    ).toEqual(['quantity']);
  });
});
