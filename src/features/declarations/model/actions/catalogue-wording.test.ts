import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadNamespaces, startI18n } from '../../../../lib/i18n/i18n';
import { catalogueInLanguage } from './catalogue-wording';
import { CHANGE_DESTINATION_FIELDS } from './change-destination-form';
import { COMPLEMENTARY_EXPLANATION_FIELDS } from './complementary-explanation-form';
import { findField } from './field-catalogue';
import { RECEIPT_REPORT_FIELDS } from './receipt-report-form';

const CATALOGUES = [RECEIPT_REPORT_FIELDS, COMPLEMENTARY_EXPLANATION_FIELDS, CHANGE_DESTINATION_FIELDS];

// One translation state for the console, so these run in order on it.
describe('the action dialogs’ field names', () => {
  it('stay the catalogues’ own in English', async () => {
    await startI18n('en');
    await loadNamespaces('actions');
    const t = i18n.getFixedT('en', 'actions');
    for (const catalogue of CATALOGUES) expect(catalogueInLanguage(catalogue, t)).toEqual(catalogue);
  });

  it('are written in German, every one, with the item number still filled in', async () => {
    await changeLanguage('de');
    await loadNamespaces('actions');
    const t = i18n.getFixedT('de', 'actions');
    for (const catalogue of CATALOGUES) {
      const german = catalogueInLanguage(catalogue, t);
      german.forEach((field, i) => expect(field.label, catalogue[i]?.label).not.toBe(catalogue[i]?.label));
    }
    const receipt = catalogueInLanguage(RECEIPT_REPORT_FIELDS, t);
    expect(findField(receipt, 'governmentAgencyGoodsItems.1.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity')?.label).toBe(
      'Position 2: zurückgewiesene Menge',
    );
  });
});
