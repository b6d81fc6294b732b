import { describe, expect, it } from 'vitest';
import { declarationSchema } from '../contract/declarations';
import { customsValueText, reviewOf } from './declaration-review';

const declaration = (items: unknown[], extra: Record<string, unknown> = {}) =>
  declarationSchema.parse({
    declarationId: 'd-1',
    currentStatus: 'Validated',
    mrn: null,
    lrn: 'LRN-1',
    arc: null,
    ucr: null,
    externalReference: 'X-1',
    direction: 'IN',
    customsFlow: 'NL Import',
    customsFlowStep: 'Import',
    jurisdiction: 'NL',
    storageLocation: null,
    shipFrom: null,
    shipTo: null,
    hasErrors: false,
    declarationDate: null,
    creationDate: '2026-11-27T10:00:00Z',
    lastUpdated: '2026-11-27T10:00:00Z',
    customsShipmentReference: 'cs-1',
    customsFlowStepInstanceCount: 1,
    customsFlowStepInstanceSeq: 1,
    singleAdministrativeDocument: {
      invoiceCurrency: 'EUR',
      agent: { name: 'Broker BV' },
      goodsShipment: { consignee: { name: 'Acme Trading BV', businessPartnerReference: [{ code: 'NL812345678', type: 'Eori' }] }, governmentAgencyGoodsItems: items },
    },
    ...extra,
  });
const item = (n: number, over: Record<string, unknown>) => ({ governmentAgencyGoodsItemId: `g${n}`, casReference: `A${n}`, sequenceNumber: n, ...over });

describe('declaration review', () => {
  it('totals the customs value per currency (the invoice currency when an item gives none), items, gross mass and names the parties', () => {
    const r = reviewOf(
      declaration([
        item(1, { customsValue: { amount: 100_000 }, goodsMeasure: { gmass: 12.5 } }),
        item(2, { customsValue: { amount: 20_000.5, currency: 'EUR' }, goodsMeasure: { gmass: 0.25 } }),
        item(3, { customsValue: { amount: 50, currency: 'GBP' } }),
      ]),
    );
    expect(r).toMatchObject({ items: 3, grossMassKg: 12.75, invoiceCurrency: 'EUR', errors: 0 });
    expect(customsValueText(r)).toBe('120,000.5 EUR + 50 GBP');
    expect(r.parties).toEqual([
      { role: 'Consignee', name: 'Acme Trading BV · Eori NL812345678' },
      { role: 'Agent', name: 'Broker BV' },
    ]);
    expect(customsValueText(reviewOf(declaration([])))).toBe('none given');
  });
});
