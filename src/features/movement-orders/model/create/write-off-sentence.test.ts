import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadNamespaces, startI18n } from '../../../../lib/i18n/i18n';
import { emptyRule } from './order-draft';
import { writeOffRuleSentence } from './write-off-sentence';

// One translation state for the console, so these run in order on it.
describe('writeOffRuleSentence', () => {
  it.each([
    [{}, 'Stock of any customs status'],
    [
      { customsStatus: 'Free', isOfPreferentialOrigin: 'true', preferentialOriginCountry: 'de', inboundDocRefNum: '26DE000000000001A1' },
      'Free stock of preferential origin DE, inbound MRN 26DE000000000001A1',
    ],
    [
      { customsStatus: 'Bonded', isOfPreferentialOrigin: 'false', nonPreferentialOriginCountry: 'CN' },
      'Bonded stock not of preferential origin, non-preferential origin CN',
    ],
    [{ inboundFunctionRefNum: 'LRN-7' }, 'Stock of any customs status, inbound LRN LRN-7 (EIDR)'],
  ])('%j', async (values, sentence) => {
    await startI18n('en');
    await loadNamespaces('movementOrders');
    expect(writeOffRuleSentence(emptyRule(values), i18n.getFixedT('en', 'movementOrders'))).toBe(sentence);
  });

  it('reads in the clerk’s language', async () => {
    await changeLanguage('nl');
    await loadNamespaces('movementOrders');
    const t = i18n.getFixedT('nl', 'movementOrders');
    expect(writeOffRuleSentence(emptyRule({ customsStatus: 'Free', inboundDocRefNum: '26DE000000000001A1' }), t)).toBe(
      'Vrije voorraad, MRN van binnenkomst 26DE000000000001A1',
    );
    await changeLanguage('en');
  });
});
