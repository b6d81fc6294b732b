import { describe, expect, it } from 'vitest';
import { declarationFixture } from './test-support/declaration-fixture';
import { customsValueText, reviewOf } from './declaration-review';

const declaration = (items: unknown[], extra: Record<string, unknown> = {}) =>
  declarationFixture({
    singleAdministrativeDocument: {
      invoiceCurrency: 'EUR',
      agent: { name: 'Broker BV' },
      goodsShipment: {
        consignee: { name: 'Acme Trading BV', businessPartnerReference: [{ code: 'NL812345678', type: 'Eori' }] },
        governmentAgencyGoodsItems: items,
      },
    },
    ...extra,
  });
const item = (n: number, over: Record<string, unknown>) => ({
  governmentAgencyGoodsItemId: `g${n}`,
  casReference: `A${n}`,
  sequenceNumber: n,
  ...over,
});

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
