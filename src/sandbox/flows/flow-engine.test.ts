import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusInfo } from '../../contract/declaration-statuses.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { iso6346Check } from './identifiers.js';
import { declarationsOf, postShipment, settle, statusTrail, storedEvents, validShipment } from './test-fixtures.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, timeScale: 1000 });
});
afterAll(async () => sb.close());

describe('customs flows', () => {
  it('GB import: Submitted, Accepted with an MRN, Released; each change publishes DeclarationStatusChanged with the declaration event data', async () => {
    const body = validShipment();
    await postShipment(sb, body);
    await settle(sb);
    const [d] = await declarationsOf(sb, body.externalReference);
    if (!d) throw new Error('no declaration');
    expect(await statusTrail(sb, d.declarationId)).toEqual(['Submitted', 'Accepted', 'Released']);
    expect(d.mrn).toMatch(/^\d{2}GB[0-9A-Z]{13}\d$/);
    expect(d.mrn?.slice(-1)).toBe(iso6346Check(d.mrn?.slice(0, -1) ?? ''));
    expect(d.declarationDate).toBeTruthy();
    const released = (await storedEvents(sb, 'DeclarationStatusChanged')).find(
      (e) => e.data.id === d.declarationId && e.eventSubType === 'Released',
    );
    expect(released?.data).toEqual({
      id: d.declarationId,
      customsShipmentReference: body.externalReference,
      traderReference: body.externalReference,
      jurisdiction: 'GB',
      customsFlow: 'GB Import',
      customsFlowStep: 'H1 Import',
      customsFlowStepInstanceCount: 1,
      customsFlowStepInstanceSeq: 1,
      mrn: d.mrn,
      lrn: d.lrn,
      arc: null,
      declarationUrl: `${sb.url}/v1/declarations/${d.declarationId}`,
      acceptanceDate: d.declarationDate,
      currentStatus: 'Released',
      storageLocation: 'GB-FXT-01',
    });
  });

  it('moves a declaration failing validation to Invalid with V-codes, messages and fieldReference', async () => {
    const body = validShipment();
    body.singleAdministrativeDocument = {
      declType: 'IM',
      invoiceCurrency: 'GBP',
      declarationOfficeCode: 'GB99999',
      goodsShipment: {
        consignee: { businessPartnerReference: [{ code: 'GB123', type: 'Eori' }] },
        governmentAgencyGoodsItems: [
          { commodity: { description: 'Phones' }, goodsMeasure: { gmass: 5, nmass: 6 }, customsValue: { amount: 10, currency: 'EUR' } },
          { commodity: { description: 'Unknown', classification: { id: '99999999' } } },
        ],
      },
    };
    await postShipment(sb, body);
    await settle(sb);
    const [d] = await declarationsOf(sb, body.externalReference);
    expect(d?.currentStatus).toBe('Invalid');
    expect(d?.hasErrors).toBe(true);
    const codes = d?.errors?.map((e) => e.errorCode).sort();
    expect(codes).toEqual(['V1002', 'V1011', 'V1023', 'V1032', 'V1041', 'V1042', 'V1044']);
    const v1041 = d?.errors?.find((e) => e.errorCode === 'V1041');
    expect(v1041).toMatchObject({
      message: 'Goods item has no commodity code.',
      fieldReference: [
        {
          fieldName: 'classification.id',
          path: 'singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[0].commodity.classification.id',
        },
      ],
    });
    expect(v1041?.description).toContain('fictitious');
    expect(await statusTrail(sb, d?.declarationId ?? '')).toEqual(['Invalid']);
  });

  it('checks office codes against the customs office list, and formats only for countries absent from it', async () => {
    const unknownOffice = validShipment();
    unknownOffice.singleAdministrativeDocument = { ...unknownOffice.singleAdministrativeDocument, declarationOfficeCode: 'GB999999' };
    const irish = validShipment({ storageLocationReference: 'IE-DUB-01' });
    irish.singleAdministrativeDocument = {
      ...irish.singleAdministrativeDocument,
      declarationOfficeCode: 'IEDUB100',
      invoiceCurrency: 'EUR',
    };
    const items = irish.singleAdministrativeDocument.goodsShipment?.governmentAgencyGoodsItems ?? [];
    irish.singleAdministrativeDocument.goodsShipment = {
      ...irish.singleAdministrativeDocument.goodsShipment,
      governmentAgencyGoodsItems: items.map((i) => ({ ...i, customsValue: { amount: 1, currency: 'EUR' } })),
    };
    await postShipment(sb, unknownOffice);
    await postShipment(sb, irish);
    await settle(sb);
    const [a] = await declarationsOf(sb, unknownOffice.externalReference);
    const [b] = await declarationsOf(sb, irish.externalReference);
    expect(a?.errors?.map((e) => e.errorCode)).toEqual(['V1003']);
    expect(b).toMatchObject({ jurisdiction: 'IE', customsFlow: 'IE Import', currentStatus: 'Released' });
  });

  it('REJECT in the externalReference: CustomsError with a CDS authority code on the first submission; corrected and resubmitted it is accepted', async () => {
    const body = validShipment({ externalReference: `ORDER-REJECT-${Date.now()}` });
    await postShipment(sb, body);
    await settle(sb);
    const [d] = await declarationsOf(sb, body.externalReference);
    if (!d) throw new Error('no declaration');
    expect(d.currentStatus).toBe('CustomsError');
    expect(d.errors?.[0]).toMatchObject({ errorCode: 'CDS12005', fieldReference: [{ path: 'Declaration->GoodsShipment->Importer->ID' }] });
    expect(await statusTrail(sb, d.declarationId)).toEqual(['Submitted', 'CustomsError']);

    const { flows } = sb.ctx.declarations;
    const fixed = await sb.ctx.store.transaction((tx) => flows.revalidate(tx, d.declarationId));
    expect(fixed.ok && fixed.declaration.status).toBe('Validated');
    const submitted = await sb.ctx.store.transaction((tx) => flows.submit(tx, d.declarationId));
    expect(submitted.ok).toBe(true);
    await settle(sb);
    const [after] = await declarationsOf(sb, body.externalReference);
    expect(after?.currentStatus).toBe('Released');
    expect(await statusTrail(sb, d.declarationId)).toEqual(['Submitted', 'CustomsError', 'Validated', 'Submitted', 'Accepted', 'Released']);
  });

  it('HOLD stays Submitted; NORELEASE stays Accepted', async () => {
    const hold = validShipment({ externalReference: `X-HOLD-${Date.now()}` });
    const noRelease = validShipment({ externalReference: `X-NORELEASE-${Date.now()}` });
    await postShipment(sb, hold);
    await postShipment(sb, noRelease);
    await settle(sb);
    expect((await declarationsOf(sb, hold.externalReference))[0]?.currentStatus).toBe('Submitted');
    expect((await declarationsOf(sb, noRelease.externalReference))[0]?.currentStatus).toBe('Accepted');
  });

  it('NL import waits for Submit in Validated (auto-submit off); submit() sends it', async () => {
    const body = validShipment({ storageLocationReference: 'NL-RTM-01' });
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, declarationOfficeCode: 'NL000510' };
    await postShipment(sb, body);
    await settle(sb);
    const [d] = await declarationsOf(sb, body.externalReference);
    expect(d).toMatchObject({ customsFlow: 'NL Import', customsFlowStep: 'Import', currentStatus: 'Validated' });
    await sb.ctx.store.transaction((tx) => sb.ctx.declarations.flows.submit(tx, d?.declarationId ?? ''));
    await settle(sb);
    expect((await declarationsOf(sb, body.externalReference))[0]?.currentStatus).toBe('Released');
  });

  it('pre-lodge (addDeclType D) is Accepted and waits for Goods Arrived, then D becomes A and it is Released', async () => {
    const body = validShipment();
    body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, addDeclType: 'D' };
    await postShipment(sb, body);
    await settle(sb);
    const [d] = await declarationsOf(sb, body.externalReference);
    expect(d).toMatchObject({ customsFlowStep: 'Pre-lodge', currentStatus: 'Accepted' });
    const goodsArrived = () => sb.ctx.store.transaction((tx) => sb.ctx.declarations.flows.goodsArrived(tx, d?.declarationId ?? ''));
    const arrived = await goodsArrived();
    expect(arrived.ok).toBe(true);
    await settle(sb);
    const [after] = await declarationsOf(sb, body.externalReference);
    expect(after?.currentStatus).toBe('Released');
    expect(after?.singleAdministrativeDocument.addDeclType).toBe('A');
    expect((await goodsArrived()).ok).toBe(false);
  });

  it('BE export: Export is Released, then the Exit declaration of the same shipment is created and reaches ExitConfirmed', async () => {
    const body = validShipment({ direction: 'OUT', storageLocationReference: 'BE-ANR-01' });
    body.singleAdministrativeDocument = {
      declType: 'EX',
      addDeclType: 'A',
      invoiceCurrency: 'EUR',
      declarationOfficeCode: 'BE101000',
      goodsShipment: {
        consignor: { businessPartnerReference: [{ code: 'BE0412345678', type: 'Eori' }] },
        destinationCountry: 'US',
        governmentAgencyGoodsItems: [
          {
            commodity: { description: 'Chocolate boxes', classification: { id: '48191000' } },
            goodsMeasure: { gmass: 3, nmass: 2 },
            customsValue: { amount: 50, currency: 'EUR' },
          },
        ],
      },
    };
    await postShipment(sb, body);
    await settle(sb);
    const declarations = await declarationsOf(sb, body.externalReference);
    expect(declarations.map((d) => [d.customsFlow, d.customsFlowStep, d.currentStatus])).toEqual([
      ['BE Export', 'Export', 'Released'],
      ['BE Export', 'Exit', 'ExitConfirmed'],
    ]);
    expect(declarations[0]).toMatchObject({ shipFrom: 'BE', shipTo: 'US' });
    expect(new Set(declarations.map((d) => d.lrn)).size).toBe(2);
  });

  it('excise e-AD (declType EAD): Accepted with a 21-character ARC, waiting for the receipt report; unknown excise product codes are V1051', async () => {
    const body = validShipment({ direction: 'OUT' });
    body.singleAdministrativeDocument = {
      declType: 'EAD',
      declarationOfficeCode: 'GB000051',
      goodsShipment: {
        consignor: { businessPartnerReference: [{ code: 'GB123456789000', type: 'Eori' }] },
        governmentAgencyGoodsItems: [
          {
            commodity: { description: 'Beer', classification: { id: '22030001' } },
            exciseGoodsItem: { exciseProductCode: 'B000', quantity: 1000 },
          },
        ],
      },
    };
    const bad = validShipment({ direction: 'OUT' });
    bad.singleAdministrativeDocument = {
      ...body.singleAdministrativeDocument,
      goodsShipment: {
        ...body.singleAdministrativeDocument.goodsShipment,
        governmentAgencyGoodsItems: [
          { commodity: { description: 'Beer', classification: { id: '22030001' } }, exciseGoodsItem: { exciseProductCode: 'X999' } },
        ],
      },
    };
    await postShipment(sb, body);
    await postShipment(sb, bad);
    await settle(sb);
    const [d] = await declarationsOf(sb, body.externalReference);
    expect(d).toMatchObject({ customsFlow: 'GB Excise Dispatch', customsFlowStep: 'e-AD', currentStatus: 'Accepted', mrn: null });
    expect(d?.arc).toMatch(/^\d{2}GB[0-9A-Z]{16}\d$/);
    expect(d?.arc).toHaveLength(21);
    expect((await declarationsOf(sb, bad.externalReference))[0]?.errors?.map((e) => e.errorCode)).toEqual(['V1051']);
  });
});

describe('the status table', () => {
  // Runs after the flows above: every status they moved a declaration to.
  it('holds every status the customs flows produce', async () => {
    const reached = [...new Set((await storedEvents(sb, 'DeclarationStatusChanged')).map((e) => e.eventSubType))];
    expect(reached.filter((status) => !statusInfo(status))).toEqual([]);
    expect(reached).toEqual(
      expect.arrayContaining(['Invalid', 'Validated', 'Submitted', 'CustomsError', 'Accepted', 'Released', 'ExitConfirmed']),
    );
  });
});
