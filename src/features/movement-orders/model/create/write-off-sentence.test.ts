import { describe, expect, it } from 'vitest';
import { emptyRule } from './order-draft';
import { writeOffRuleSentence } from './write-off-sentence';

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
  ])('%j', (values, sentence) => expect(writeOffRuleSentence(emptyRule(values))).toBe(sentence));
});
