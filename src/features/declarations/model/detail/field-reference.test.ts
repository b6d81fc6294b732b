import { describe, expect, it } from 'vitest';
import { errorTarget, groupErrors, headerErrorIndex, itemErrorIndex, resolveFieldReference } from './field-reference';

const items = [
  { governmentAgencyGoodsItemId: 'a', casReference: '1', sequenceNumber: 1 },
  { governmentAgencyGoodsItemId: 'b', casReference: '7', sequenceNumber: 2 },
];
const ITEMS = 'singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems';

describe('resolveFieldReference', () => {
  it('opens a goods item field by index', () => {
    expect(resolveFieldReference({ fieldName: 'classification.id', path: `${ITEMS}[1].commodity.classification.id` }, items)).toEqual({
      kind: 'item',
      itemId: 'b',
      sequenceNumber: 2,
      field: 'commodityCode',
    });
    expect(resolveFieldReference({ fieldName: 'nmass', path: `${ITEMS}[0].goodsMeasure.nmass` }, items)).toMatchObject({
      itemId: 'a',
      field: 'nmass',
    });
  });
  it('opens a goods item by casReference', () => {
    expect(resolveFieldReference({ fieldName: 'currency', path: `${ITEMS}[casReference=7].customsValue.currency` }, items)).toMatchObject({
      itemId: 'b',
      field: 'customsValueCurrency',
    });
  });
  it('opens header fields and parties', () => {
    expect(
      resolveFieldReference({ fieldName: 'declarationOfficeCode', path: 'singleAdministrativeDocument.declarationOfficeCode' }, items),
    ).toEqual({ kind: 'header', field: 'declarationOfficeCode' });
    expect(
      resolveFieldReference(
        { fieldName: 'code', path: 'singleAdministrativeDocument.goodsShipment.consignee.businessPartnerReference[0].code' },
        items,
      ),
    ).toEqual({ kind: 'header', field: 'consigneeEori' });
  });
  it('reads customs authority pointers', () => {
    expect(resolveFieldReference({ fieldName: 'consignee', path: 'Declaration->GoodsShipment->Importer->ID' }, items)).toEqual({
      kind: 'header',
      field: 'consigneeEori',
    });
    expect(resolveFieldReference({ fieldName: 'consignor', path: 'Declaration->Exporter->ID' }, items)).toEqual({
      kind: 'header',
      field: 'consignorEori',
    });
    expect(
      resolveFieldReference(
        { fieldName: 'currency', path: 'Declaration->GoodsShipment->GovernmentAgencyGoodsItem(2)->CustomsValueAmount' },
        items,
      ),
    ).toMatchObject({ itemId: 'b', field: 'customsValueCurrency' });
  });
  it('gives none for an item that does not exist or an unknown path', () => {
    expect(resolveFieldReference({ fieldName: 'x', path: `${ITEMS}[9].commodity.description` }, items)).toEqual({ kind: 'none' });
    expect(resolveFieldReference({ fieldName: 'x', path: 'somewhere.else' }, items)).toEqual({ kind: 'none' });
  });
});

describe('error grouping and indexes', () => {
  const errors = [
    {
      errorCode: 'V1042',
      message: 'm',
      fieldReference: [{ fieldName: 'classification.id', path: `${ITEMS}[1].commodity.classification.id` }],
    },
    { errorCode: 'CDS12005', message: 'm', fieldReference: [{ fieldName: 'consignee', path: 'Declaration->GoodsShipment->Importer->ID' }] },
    { errorCode: 'V1001', message: 'm', fieldReference: [] },
  ];
  it('separates V-codes from customs authority codes', () => {
    const g = groupErrors(errors);
    expect(g.internal.map((e) => e.errorCode)).toEqual(['V1042', 'V1001']);
    expect(g.customs.map((e) => e.errorCode)).toEqual(['CDS12005']);
  });
  it('indexes errors by item and header field', () => {
    expect(itemErrorIndex(errors, items).get('b')?.[0]?.field).toBe('commodityCode');
    expect(headerErrorIndex(errors, items).get('consigneeEori')?.[0]?.errorCode).toBe('CDS12005');
    expect(errorTarget(errors[2]!, items)).toEqual({ kind: 'none' });
  });
});
