import { describe, expect, it } from 'vitest';
import { changedFields, showValue } from './changed-fields';

describe('changedFields', () => {
  it('pairs each field a header change sent with the value before', () => {
    const sent = { singleAdministrativeDocument: { invoiceCurrency: 'USD', consignee: { name: 'Acme' }, declarationOfficeCode: null } };
    const before = { invoiceCurrency: 'ZZ9', consignee: { name: 'Old' }, declarationOfficeCode: 'GB000051' };
    expect(changedFields(sent, before, true)).toEqual([
      { path: 'invoiceCurrency', before: 'ZZ9', after: 'USD' },
      { path: 'consignee.name', before: 'Old', after: 'Acme' },
      { path: 'declarationOfficeCode', before: 'GB000051', after: null },
    ]);
  });

  it('compares a goods item change with the item as it was; unknown before stays empty', () => {
    expect(changedFields({ goodsMeasure: { nmass: 2 } }, { goodsMeasure: { nmass: 7, gmass: 9 } }, false)).toEqual([
      { path: 'goodsMeasure.nmass', before: 7, after: 2 },
    ]);
    expect(changedFields({ commodity: { description: 'Laptops' } }, null, false)).toEqual([
      { path: 'commodity.description', before: undefined, after: 'Laptops' },
    ]);
  });
});

describe('showValue', () => {
  it('says when a value was absent or cleared', () => {
    expect([undefined, null, 'EUR', 7, ['a']].map(showValue)).toEqual(['—', '(cleared)', 'EUR', '7', '["a"]']);
  });
});
