import { describe, expect, it } from 'vitest';
import { articleDataItemsMessageSchema, businessPartnersMessageSchema } from '../../../../contract/ingestion';
import { checkMessage } from '../forms/contract-resolver';
import {
  ARTICLE_DATA,
  BUSINESS_PARTNERS,
  emptyRow,
  masterDataFieldOf,
  masterDataSchema,
  masterDataValuesFrom,
  toMasterDataMessage,
} from './master-data-model';

describe('master data forms', () => {
  it('make business partners the contract accepts, roles as a list and the country in the address', () => {
    const rows = [
      { ...emptyRow(BUSINESS_PARTNERS), businessPartnerCode: 'BP-1', name: 'Acme', roles: 'Consignee, Importer', country: 'GB' },
    ];
    const message = toMasterDataMessage(BUSINESS_PARTNERS)({ rows });
    expect(message.rows).toEqual([
      { businessPartnerCode: 'BP-1', name: 'Acme', roles: ['Consignee', 'Importer'], address: { country: 'GB' } },
    ]);
    expect(businessPartnersMessageSchema.safeParse(message.rows).success).toBe(true);
    expect(masterDataValuesFrom(BUSINESS_PARTNERS, { businessPartners: message.rows }).rows).toEqual(rows);
  });

  it('stop an article without item id at that field, and an empty message', () => {
    const schema = masterDataSchema(ARTICLE_DATA);
    const toMessage = toMasterDataMessage(ARTICLE_DATA);
    const r = checkMessage(schema, toMessage({ rows: [{ ...emptyRow(ARTICLE_DATA), description: 'Cocoa', netMass: 'x' }] }));
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['rows.0.itemId', 'rows.0.netMass']);
    const empty = checkMessage(schema, toMessage({ rows: [] }));
    expect(empty.ok ? [] : empty.issues).toEqual([{ path: 'rows', message: 'needs at least one article' }]);
  });

  it("puts the service's errors on the row fields they name", () => {
    const sent = [{ itemId: 'A-1' }, { description: 'no id' }];
    const result = checkMessage(articleDataItemsMessageSchema, sent);
    if (result.ok) throw new Error('the message should be refused');
    expect(result.issues.map((i) => masterDataFieldOf(ARTICLE_DATA)(i.path))).toEqual(['rows.1.itemId']);
    expect(masterDataFieldOf(BUSINESS_PARTNERS)('2.address.country')).toBe('rows.2.country');
    expect(masterDataFieldOf(ARTICLE_DATA)('0.unknownField')).toBeUndefined();
    expect(masterDataFieldOf(ARTICLE_DATA)('(body)')).toBeUndefined();
  });
});
