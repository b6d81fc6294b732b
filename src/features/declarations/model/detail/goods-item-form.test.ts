import { afterEach, describe, expect, it } from 'vitest';
import { splitServerErrors } from '../../../../lib/form-errors';
import type { DeclarationGoodsItem } from '../../../../contract/declarations';
import { setActiveLocale } from '../../../../lib/i18n/active-locale';
import {
  EMPTY_GOODS_ITEM,
  type GoodsItemRules,
  goodsItemBody,
  goodsItemFormSchema,
  goodsItemFormValues,
  goodsItemPatch,
  goodsItemErrorMapping,
} from './goods-item-form';

const item: DeclarationGoodsItem = {
  governmentAgencyGoodsItemId: 'g1',
  casReference: '1',
  sequenceNumber: 1,
  commodity: { description: 'Smartphones', itemId: 'SKU-1', classification: { id: '85171300' } },
  goodsMeasure: { gmass: 7.08, nmass: 6.4 },
  packaging: [
    { type: 'PX', quantity: 2, shippingMarks: 'A/1' },
    { type: 'CT', quantity: 1 },
  ],
  customsValue: { amount: 1500, currency: 'EUR' },
};
const rules = { invoiceCurrency: 'EUR', excise: false };
const messages = (values: typeof EMPTY_GOODS_ITEM, r: GoodsItemRules = rules) => {
  const parsed = goodsItemFormSchema(r).safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('goods item form rules', () => {
  it('accepts a valid item', () => expect(messages(goodsItemFormValues(item))).toEqual({}));
  it('checks the commodity code, masses and currency like the service', () => {
    const v = { ...goodsItemFormValues(item), commodityCode: '8517', nmass: '9', customsValueCurrency: 'eur' };
    expect(Object.keys(messages(v)).sort()).toEqual(['commodityCode', 'customsValueCurrency', 'nmass']);
    expect(messages({ ...goodsItemFormValues(item), customsValueCurrency: 'USD' }).customsValueCurrency).toMatch(/invoice currency .*EUR/);
    expect(messages({ ...goodsItemFormValues(item), commodityCode: '8517130000' })).toEqual({});
  });
  it('needs a description and a code or article reference', () => {
    expect(Object.keys(messages(EMPTY_GOODS_ITEM)).sort()).toEqual(['commodityCode', 'description']);
  });
  it('needs a BC36 excise product code on excise movements', () => {
    expect(messages(goodsItemFormValues(item), { invoiceCurrency: undefined, excise: true }).exciseProductCode).toBeDefined();
    expect(messages({ ...goodsItemFormValues(item), exciseProductCode: 'B000' }, { invoiceCurrency: undefined, excise: true })).toEqual({});
  });
});

describe("goods item numbers, read in the user's locale", () => {
  afterEach(() => setActiveLocale('en'));
  const masses = { ...goodsItemFormValues(item), gmass: '1.250', nmass: '' };

  it('reads 1.250 as a German user means it', () => {
    setActiveLocale('de');
    expect(messages(masses)).toEqual({});
    expect(goodsItemBody(masses).goodsMeasure?.gmass).toBe(1250);
  });

  it('asks at the field when the locale cannot say which number 1.250 is, rather than guessing', () => {
    setActiveLocale('fr');
    expect(messages(masses)).toEqual({ gmass: '"1.250" could be 1\u202f250 or 1,25: type 1250 or 1,25.' });
  });

  it("writes stored numbers back in the user's notation, so they read back the same", () => {
    setActiveLocale('de');
    const values = goodsItemFormValues({ ...item, goodsMeasure: { gmass: 1.125, nmass: 1 } });
    expect(values.gmass).toBe('1,125');
    expect(goodsItemBody(values).goodsMeasure?.gmass).toBe(1.125);
  });
});

describe('goods item bodies', () => {
  it('PATCH sends only the changed fields; a cleared field is null', () => {
    const v = { ...goodsItemFormValues(item), commodityCode: '85171400', articleId: '' };
    expect(goodsItemPatch(v, ['commodityCode', 'articleId'], item)).toEqual({
      commodity: { itemId: null, classification: { id: '85171400' } },
    });
  });
  it('PATCH sends packaging whole, keeping the other packages', () => {
    const v = { ...goodsItemFormValues(item), packagingQuantity: '3' };
    expect(goodsItemPatch(v, ['packagingQuantity'], item).packaging).toEqual([
      { type: 'PX', quantity: 3, shippingMarks: 'A/1' },
      { type: 'CT', quantity: 1 },
    ]);
  });
  it('POST leaves blank fields out and parses numbers', () => {
    expect(goodsItemBody({ ...EMPTY_GOODS_ITEM, description: 'Shoes', commodityCode: '64039993', gmass: '1,5' })).toEqual({
      commodity: { description: 'Shoes', classification: { id: '64039993' } },
      goodsMeasure: { gmass: 1.5 },
    });
  });
  it("maps server field errors to form fields in the form's order", () => {
    expect(
      splitServerErrors(
        { 'goodsMeasure.gmass': ['Expected number'], 'commodity.classification.id': ['bad'], other: ['x'] },
        goodsItemErrorMapping,
      ).onFields,
    ).toEqual([
      { field: 'commodityCode', message: 'bad' },
      { field: 'gmass', message: 'Expected number' },
    ]);
  });
});
