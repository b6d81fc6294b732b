import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import type { MaterialListRecord } from '../store/master-data-messages/master-data-message-repository.js';
import type { MasterDataMessageRecord } from './master-data-messages-feature.js';
import { invalidParameterNames } from '../test-support/problem-names.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: false, timeScale: 1_000_000 });
});
afterAll(async () => sandbox.close());

const acceptedSchema = z.object({ referenceId: z.uuid() });
const JSON_TYPE = { 'content-type': 'application/json' };

const post = (path: string, body: unknown, headers: Record<string, string> = JSON_TYPE, clientId?: string) =>
  sandbox.call(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body), clientId });

async function accept(path: string, body: unknown, headers?: Record<string, string>): Promise<string> {
  const res = await post(path, body, headers);
  expect(res.status, await res.clone().text()).toBe(202);
  return acceptedSchema.parse(await res.json()).referenceId;
}

async function outcome(referenceId: string): Promise<MasterDataMessageRecord> {
  await sandbox.ctx.jobs.drain();
  const res = await sandbox.control(`/_sandbox/master-data-messages/${referenceId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as MasterDataMessageRecord;
}

async function materialList(externalReference: string): Promise<MaterialListRecord | undefined> {
  const res = await sandbox.control(`/_sandbox/materiallists/${externalReference}`);
  return res.status === 200 ? ((await res.json()) as MaterialListRecord) : undefined;
}

/** The latest event that mentions the message. */
async function lastEvent(referenceId: string): Promise<{ type: string; subType: string; data: Record<string, unknown> } | undefined> {
  const event = (await sandbox.ctx.store.repos.events.list()).filter((e) => JSON.stringify(e.data).includes(referenceId)).at(-1);
  return event && { type: event.eventType, subType: event.eventSubType, data: event.data };
}

const list = (externalReference: string, extra: Record<string, unknown> = {}) => ({
  externalReference,
  itemId: 'FG-CHOC-500',
  materials: [
    { itemId: 'RM-COCOA-MASS', quantity: 450, uom: 'KGM' },
    { itemId: 'RM-SUGAR', quantity: 230, uom: 'KGM' },
  ],
  ...extra,
});

async function badRequestNames(path: string, body: unknown, headers?: Record<string, string>): Promise<string[]> {
  const res = await post(path, body, headers);
  expect(res.status).toBe(400);
  return invalidParameterNames(res);
}

describe('material lists and their invalidation', () => {
  it('stores a material list (CreationSuccessful) and replaces it with the next revision', async () => {
    const first = await accept('/v1/materiallists', list('ML-1'));
    expect(await outcome(first)).toMatchObject({ status: 'Processed', kind: 'materialList', businessReference: 'ML-1' });
    expect(await lastEvent(first)).toMatchObject({
      type: 'MaterialListInformation',
      subType: 'CreationSuccessful',
      data: { ingestionReferences: [first], businessReference: 'ML-1', message: 'MaterialList' },
    });
    const second = await accept('/v1/materiallists', list('ML-1', { description: 'recipe 2' }));
    await outcome(second);
    expect(await materialList('ML-1')).toMatchObject({ status: 'Active', revision: 2, referenceId: second, itemId: 'FG-CHOC-500' });
  });

  it('answers 400 for missing identifiers, zero quantities and 10,000 materials; 9,999 are fine', async () => {
    expect(await badRequestNames('/v1/materiallists', { itemId: 'X', materials: [{ itemId: 'A', quantity: 1, uom: 'KGM' }] })).toEqual([
      'externalReference',
    ]);
    expect(await badRequestNames('/v1/materiallists', list('ML-2', { itemId: undefined }))).toEqual(['itemId']);
    expect(await badRequestNames('/v1/materiallists', list('ML-2', { materials: [{ itemId: 'A', quantity: 0, uom: 'KGM' }] }))).toEqual([
      'materials.0.quantity',
    ]);
    const materials = (n: number) => Array.from({ length: n }, (_, i) => ({ itemId: `RM-${i}`, quantity: 1, uom: 'KGM' }));
    expect(await badRequestNames('/v1/materiallists', list('ML-2', { materials: materials(10000) }))).toEqual(['materials']);
    expect((await outcome(await accept('/v1/materiallists', list('ML-2', { materials: materials(9999) })))).status).toBe('Processed');
  });

  it('rejects validUntil before validFrom asynchronously (CreationUnsuccessful)', async () => {
    const ref = await accept('/v1/materiallists', list('ML-3', { validFrom: '2025-06-01', validUntil: '2025-01-01' }));
    expect(await outcome(ref)).toMatchObject({ status: 'Rejected', errorDescriptions: ['validUntil: must be after validFrom'] });
    expect(await lastEvent(ref)).toMatchObject({
      subType: 'CreationUnsuccessful',
      data: { errorDescriptions: ['validUntil: must be after validFrom'] },
    });
    expect(await materialList('ML-3')).toBeUndefined();
  });

  it('invalidates an active list, and reports InvalidationUnsuccessful for an unknown or invalidated one', async () => {
    await outcome(await accept('/v1/materiallists', list('ML-4')));
    const ok = await accept('/v1/materiallistinvalidationrequests', { externalReference: 'ML-4', reason: 'recipe retired' });
    expect((await outcome(ok)).status).toBe('Processed');
    expect(await lastEvent(ok)).toMatchObject({ type: 'MaterialListInformation', subType: 'InvalidationSuccessful' });
    expect((await materialList('ML-4'))?.status).toBe('Invalidated');
    const again = await accept('/v1/materiallistinvalidationrequests', { externalReference: 'ML-4' });
    expect(await outcome(again)).toMatchObject({
      status: 'Rejected',
      errorDescriptions: ['externalReference: no active material list ML-4'],
    });
    expect((await lastEvent(again))?.subType).toBe('InvalidationUnsuccessful');
    expect(await badRequestNames('/v1/materiallistinvalidationrequests', {})).toEqual(['externalReference']);
  });

  it('accepts XML with a materials list', async () => {
    const xml = `<materialList><externalReference>ML-XML</externalReference><itemId>FG-1</itemId>
      <materials><material><itemId>RM-A</itemId><quantity>2.5</quantity><uom>KGM</uom></material></materials></materialList>`;
    const ref = await accept('/v1/materiallists', xml, { 'content-type': 'text/xml' });
    expect(await outcome(ref)).toMatchObject({ status: 'Processed', format: 'xml' });
    expect((await materialList('ML-XML'))?.materialList).toMatchObject({ materials: [{ itemId: 'RM-A', quantity: 2.5, uom: 'KGM' }] });
  });
});

describe('certificates of origin and shipments', () => {
  it('accepts a certificate of origin request by shipment or declaration reference', async () => {
    const ref = await accept('/v1/certificatesoforigin', { customsShipmentReference: 'SHP-1', destinationCountry: 'JP' });
    expect(await outcome(ref)).toMatchObject({ status: 'Processed', businessReference: 'SHP-1' });
    expect(await lastEvent(ref)).toMatchObject({ type: 'CertificateOfOriginInformation', subType: 'RequestSuccessful' });
    expect((await outcome(await accept('/v1/certificatesoforigin', { declarationReference: 'DECL-9' }))).businessReference).toBe('DECL-9');
    expect(await badRequestNames('/v1/certificatesoforigin', { remarks: 'no reference' })).toEqual(['customsShipmentReference']);
    const bad = await accept('/v1/certificatesoforigin', { declarationReference: 'DECL-9', exporterCountry: 'NLD' });
    expect(await outcome(bad)).toMatchObject({
      status: 'Rejected',
      errorDescriptions: ['exporterCountry: NLD is not an ISO 3166-1 alpha-2 country code'],
    });
  });

  it('stores a shipment as sent, unknown fields included, and checks direction', async () => {
    const ref = await accept('/v1/shipments', { externalReference: 'SRC-1', direction: 'IN', lines: [{ sku: 'A' }] });
    expect(await outcome(ref)).toMatchObject({ status: 'Processed', body: { externalReference: 'SRC-1', lines: [{ sku: 'A' }] } });
    expect(await lastEvent(ref)).toMatchObject({ type: 'ShipmentInformation', subType: 'CreationSuccessful' });
    expect(await badRequestNames('/v1/shipments', { externalReference: 'SRC-2', direction: 'SIDEWAYS' })).toEqual(['direction']);
    expect(
      await badRequestNames('/v1/shipments', '<shipment><direction>IN</direction></shipment>', { 'content-type': 'application/xml' }),
    ).toEqual(['externalReference']);
  });
});

describe('every master data endpoint', () => {
  const paths = ['/v1/materiallists', '/v1/materiallistinvalidationrequests', '/v1/certificatesoforigin', '/v1/shipments'];

  it.each(paths)('%s answers 415, 400 for malformed bodies, 403 without create:messages', async (path) => {
    expect((await post(path, 'x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(path, '{"a":', JSON_TYPE)).status).toBe(400);
    expect((await post(path, '<a><b></a>', { 'content-type': 'application/xml' })).status).toBe(400);
    expect((await post(path, '"text"', JSON_TYPE)).status).toBe(400);
    expect((await post(path, {}, JSON_TYPE, 'reader-acc')).status).toBe(403);
  });

  it('answers 404 for an unknown message', async () => {
    expect((await sandbox.control(`/_sandbox/master-data-messages/nope`)).status).toBe(404);
  });
});
