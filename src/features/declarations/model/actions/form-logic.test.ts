import { describe, expect, it } from 'vitest';
import { splitServerErrors } from '../../../../lib/form-errors';
import { emcsInvalidateBodySchema, invalidateBodySchema } from '../../../../contract/declaration-actions';
import { contractResolver } from './contract-resolver';
import { catalogueMapping, findField, labelFor, type FieldCatalogue } from './field-catalogue';
import { pruneEmpty } from './prune-empty';
import { unmetRules } from './unmet-rules';

const invalidateFields: FieldCatalogue = [
  { path: 'reason', label: 'Cancellation reason' },
  { path: 'complementaryInformation', label: 'Complementary information' },
  { path: 'complementaryInformationLanguage', label: 'Language of the complementary information' },
];
const itemFields: FieldCatalogue = [
  { path: 'governmentAgencyGoodsItems.#.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity', label: 'Item {n}: refused quantity' },
  {
    path: 'governmentAgencyGoodsItems.#.exciseGoodsItem.bodyReportOfReceipt.unsatisfactoryReasons.#.unsatisfactoryReasonCode',
    label: 'Item {n}: unsatisfactory reason',
  },
  { path: 'governmentAgencyGoodsItems', label: 'Goods items', group: true },
];

describe('pruneEmpty', () => {
  it('drops blanks and empty groups but keeps array positions', () => {
    expect(pruneEmpty({ a: '', b: '  ', c: null, d: { e: undefined }, f: 0, g: false, h: 'x' })).toEqual({ d: {}, f: 0, g: false, h: 'x' });
    expect(pruneEmpty({ list: [{ a: '' }, { a: 'kept' }] })).toEqual({ list: [{}, { a: 'kept' }] });
    expect(pruneEmpty({})).toEqual({});
  });

  it('drops optional groups left empty, at any depth and per row', () => {
    const groups = ['s.mode', 'rows.#.extra'];
    expect(
      pruneEmpty({ s: { header: {}, mode: { code: undefined, info: '' } }, rows: [{ extra: {} }, { extra: { a: 1 } }] }, groups),
    ).toEqual({ s: { header: {} }, rows: [{}, { extra: { a: 1 } }] });
  });
});

describe('field catalogue', () => {
  it('finds concrete paths, numbers rows from 1, and falls back to readable words', () => {
    expect(findField(itemFields, 'governmentAgencyGoodsItems.2.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity')).toEqual({
      index: 0,
      label: 'Item 3: refused quantity',
      control: true,
    });
    expect(
      labelFor(
        itemFields,
        'governmentAgencyGoodsItems.0.exciseGoodsItem.bodyReportOfReceipt.unsatisfactoryReasons.1.unsatisfactoryReasonCode',
      ),
    ).toBe('Item 1: unsatisfactory reason');
    expect(findField(itemFields, 'governmentAgencyGoodsItems')?.control).toBe(false);
    expect(labelFor(itemFields, 'exciseGoodsShipment.destinationOfficeCode')).toBe('destination office code');
  });
});

describe('unmet rules (the live "Still needed" list)', () => {
  it('names the rules of e-AD cancellation reason 0 until they are met', () => {
    expect(unmetRules(emcsInvalidateBodySchema, {}, invalidateFields).map((r) => r.text)).toEqual(['Cancellation reason']);
    expect(unmetRules(emcsInvalidateBodySchema, { reason: '0' }, invalidateFields).map((r) => r.text)).toEqual([
      'Complementary information (Reason 0 (Other) needs complementary information)',
      'Language of the complementary information (Reason 0 (Other) needs the language of the complementary information)',
    ]);
    expect(
      unmetRules(
        emcsInvalidateBodySchema,
        { reason: '0', complementaryInformation: 'Wrong consignee', complementaryInformationLanguage: 'en' },
        invalidateFields,
      ),
    ).toEqual([]);
  });

  it('treats whitespace as blank and reports codes outside the list', () => {
    expect(unmetRules(invalidateBodySchema, { reason: '   ' }, invalidateFields).map((r) => r.text)).toEqual(['Cancellation reason']);
    expect(unmetRules(emcsInvalidateBodySchema, { reason: '9' }, invalidateFields)[0]?.text).toBe(
      'Cancellation reason (The cancellation reason must be one of 0, 1, 2, 3, 4)',
    );
  });
});

describe('contractResolver', () => {
  const resolve = contractResolver<Record<string, unknown>, unknown>(emcsInvalidateBodySchema);
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it('returns the parsed body without blanks when valid', async () => {
    expect(await resolve({ reason: '2', complementaryInformation: '' }, undefined, options)).toEqual({
      values: { reason: '2' },
      errors: {},
    });
  });

  it('puts each rule on its field', async () => {
    const result = await resolve({ reason: '0' }, undefined, options);
    expect(Object.keys(result.errors)).toEqual(['complementaryInformation', 'complementaryInformationLanguage']);
  });
});

describe('server field errors (400 invalid-parameters)', () => {
  it('lands dotted paths on item rows in field order and keeps the rest general', () => {
    const split = splitServerErrors(
      {
        'governmentAgencyGoodsItems.1.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity': ['must be above zero'],
        'governmentAgencyGoodsItems.0.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity': ['must be above zero'],
        governmentAgencyGoodsItems: ['needs an unsatisfactory reason'],
        '(body)': ['The movement is not in an accepted state.'],
      },
      catalogueMapping(itemFields),
    );
    expect(split.onFields.map((f) => f.field)).toEqual([
      'governmentAgencyGoodsItems.0.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity',
      'governmentAgencyGoodsItems.1.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity',
    ]);
    expect(split.general).toEqual(['Goods items: needs an unsatisfactory reason', 'The movement is not in an accepted state.']);
  });
});
