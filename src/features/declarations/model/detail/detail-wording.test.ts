import { describe, expect, it } from 'vitest';
import { goodsItemFieldLabel, leafFieldLabel } from '../../../../contract/field-labels';
import { goodsItemFormSchema } from './goods-item-form';
import { headerFormSchema } from './header-form';
import { changeLanguage, i18n, loadNamespaces, startI18n } from '../../../../lib/i18n/i18n';
import { editabilityText, fieldText, formMessageText } from './detail-wording';
import { GOODS_ITEM_FIELDS, GOODS_ITEM_FIELD_PATHS } from './goods-item-fields';
import { HEADER_FIELDS, HEADER_FIELD_PATHS } from './header-fields';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const FAULTY_ITEM = {
  description: ' ',
  commodityCode: '1234',
  articleId: '',
  gmass: '10',
  nmass: '20',
  customsValueAmount: 'lots',
  customsValueCurrency: 'USD',
  packagingType: 'PXX',
  packagingQuantity: '1.5',
  shippingMarks: '',
  exciseProductCode: '',
};
const FAULTY_HEADER = {
  declType: 'IMPO',
  addDeclType: 'Q',
  declarationOfficeCode: 'NL1',
  invoiceCurrency: 'eur',
  agentStatus: '',
  ucr: '',
  consignorEori: '1',
  consigneeEori: '',
  agentEori: '',
};

// One translation state for the console, so these run in order on it.
describe('the declaration page’s wording', () => {
  it('labels every field as the one table of field labels does, in English', async () => {
    await startI18n('en');
    await loadNamespaces('declaration');
    const t = i18n.getFixedT('en', 'declaration');
    for (const f of HEADER_FIELDS)
      expect(fieldText(f, t)).toBe(
        leafFieldLabel(f.endsWith('Eori') ? `${HEADER_FIELD_PATHS[f]}.businessPartnerReference.0.code` : HEADER_FIELD_PATHS[f]),
      );
    for (const f of GOODS_ITEM_FIELDS) expect(fieldText(f, t)).toBe(goodsItemFieldLabel(GOODS_ITEM_FIELD_PATHS[f]));
  });

  it('keeps the forms’ English messages and says why a declaration cannot be edited', () => {
    const t = i18n.getFixedT('en', 'declaration');
    const item = messagesOf(goodsItemFormSchema({ invoiceCurrency: 'EUR', excise: true }).safeParse(FAULTY_ITEM));
    for (const message of Object.values(item)) expect(formMessageText(message, t)).toBe(message);
    expect(editabilityText({ editable: false, cause: 'status', status: 'Accepted' }, t)).toBe(
      'Editing is possible before submission or after customs rejects it; this declaration is Accepted.',
    );
    expect(editabilityText({ editable: true }, t)).toBeUndefined();
  });

  it.each(['nl', 'fr', 'de'] as const)('writes every message the forms give in %s', async (language) => {
    await changeLanguage(language);
    await loadNamespaces('declaration');
    const t = i18n.getFixedT(language, 'declaration');
    const item = messagesOf(goodsItemFormSchema({ invoiceCurrency: 'EUR', excise: true }).safeParse(FAULTY_ITEM));
    const header = messagesOf(headerFormSchema.safeParse(FAULTY_HEADER));
    const messages = [...Object.values(item), ...Object.values(header)];
    expect(messages.length).toBeGreaterThan(10);
    for (const message of messages) expect(formMessageText(message, t), message).not.toBe(message);
    expect(formMessageText(item['customsValueCurrency'], t)).toContain('EUR');
    expect(formMessageText(undefined, t)).toBeUndefined();
  });
});
