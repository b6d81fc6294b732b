import { describe, expect, it } from 'vitest';
import { customsShipmentSchema } from '../../../../contract/customs-shipment';
import { checkMessage } from '../forms/contract-resolver';
import {
  emptyGoodsItem,
  emptyShipment,
  shipmentFieldOf,
  shipmentFormSchema,
  shipmentFormValuesFrom,
  toShipmentMessage,
  type ShipmentFormValues,
} from './shipment-form-model';

const valid = (): ShipmentFormValues => ({
  ...emptyShipment('CS-1'),
  invoiceCurrency: 'GBP',
  declarationOfficeCode: 'GB000051',
  consigneeName: 'Acme',
  consigneeEori: 'GB123456789000',
  goodsItems: [
    {
      ...emptyGoodsItem('GBP'),
      description: 'Phones',
      commodityCode: '85171300',
      gmass: '12',
      nmass: '10',
      amount: '3200',
      packaging: [{ type: 'CT', quantity: '4', shippingMarks: 'ACME 1-4' }],
    },
  ],
});

const issues = (v: ShipmentFormValues) => {
  const r = checkMessage(shipmentFormSchema, v);
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
};

describe('customs shipment form model', () => {
  it('makes the minimal import shipment of the specification, which the contract accepts', () => {
    const message = toShipmentMessage(valid());
    const parsed = customsShipmentSchema.parse(message);
    const item = parsed.singleAdministrativeDocument?.goodsShipment?.governmentAgencyGoodsItems?.[0];
    expect(parsed.singleAdministrativeDocument?.goodsShipment?.consignee?.businessPartnerReference).toEqual([
      { code: 'GB123456789000', type: 'Eori' },
    ]);
    expect(item).toMatchObject({
      commodity: { description: 'Phones', classification: { id: '85171300' } },
      goodsMeasure: { gmass: 12, nmass: 10 },
      customsValue: { amount: 3200, currency: 'GBP' },
    });
    expect(item?.packaging).toEqual([{ type: 'CT', quantity: 4, shippingMarks: 'ACME 1-4' }]);
    expect(issues(valid())).toEqual([]);
  });

  it('checks office, currency, EORI, masses, packaging and that each goods item says what it is', () => {
    const v = valid();
    v.declarationOfficeCode = 'GB51';
    v.consigneeEori = 'not an eori';
    v.goodsItems = [
      { ...emptyGoodsItem(), gmass: '5', nmass: '6', amount: '10', packaging: [{ type: '', quantity: '0', shippingMarks: '' }] },
    ];
    expect(issues(v)).toEqual([
      'declarationOfficeCode: must be 8 characters: a country code and 6 letters or digits, e.g. GB000051',
      'consigneeEori: must be an EORI number: a country code and up to 15 letters or digits',
      'goodsItems.0.packaging.0.type: is required',
      'goodsItems.0.packaging.0.quantity: must be a whole number above zero',
      'goodsItems.0.description: is required (or an article item id, from which it is deduced)',
      'goodsItems.0.nmass: must not be above the gross mass',
      'goodsItems.0.currency: is required with an amount',
    ]);
    expect(issues({ ...valid(), goodsItems: [] })).toEqual(['goodsItems: needs at least one goods item']);
  });

  it('reads a shipment file back into the form', () => {
    expect(shipmentFormValuesFrom(toShipmentMessage(valid()))).toEqual(valid());
  });

  it("puts the service's errors on the message's paths next to the fields that made them", () => {
    const v = valid();
    const item = v.goodsItems[0];
    if (!item) throw new Error('valid() has a goods item');
    const bad: ShipmentFormValues = {
      ...v,
      externalReference: ' ',
      goodsItems: [item, { ...item, gmass: 'x', packaging: [{ type: 'CT', quantity: 'many', shippingMarks: '' }] }],
    };
    const result = checkMessage(customsShipmentSchema, toShipmentMessage(bad));
    if (result.ok) throw new Error('the message should be refused');
    const fields = result.issues.map((i) => shipmentFieldOf(i.path));
    expect(fields).toEqual(['externalReference', 'goodsItems.1.gmass', 'goodsItems.1.packaging.0.quantity']);
    expect(shipmentFieldOf('singleAdministrativeDocument.declarationOfficeCode')).toBe('declarationOfficeCode');
    expect(shipmentFieldOf('singleAdministrativeDocument.goodsShipment.consignee.businessPartnerReference.0.code')).toBe('consigneeEori');
    expect(shipmentFieldOf('singleAdministrativeDocument.goodsShipment.transportMeans')).toBeUndefined();
  });
});
