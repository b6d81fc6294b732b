import { describe, expect, it } from 'vitest';
import { sameGoodsDescription as sameDescription } from './classification-links';
import { checkItemReferences, classificationJurisdictionOf, codeCheckVerdict } from './code-checks';

const result = {
  options: [
    { code: '6109 90 20', score: 6.1, explanation: 'other textile' },
    { code: '61091000', score: 8.4, explanation: 'cotton t-shirts' },
    { code: '6205200000', score: 2.0, explanation: 'shirts, woven' },
  ],
};

describe('codeCheckVerdict', () => {
  it('finds the declared code among the proposals, best first, whatever the spacing', () => {
    const v = codeCheckVerdict('6109 10 00', result);
    expect(v).toMatchObject({ among: true, rank: 1, better: null });
    expect(v.proposals.map((p) => p.code)).toEqual(['61091000', '61099020', '6205200000']);
  });

  it('reads a 10-digit code on either side at its CN line', () => {
    expect(codeCheckVerdict('62052000', result)).toMatchObject({ among: true, rank: 3 });
    expect(codeCheckVerdict('6109902010', result)).toMatchObject({ among: true, rank: 2 });
  });

  it('offers the best proposal when the declared code is not among them', () => {
    const v = codeCheckVerdict('61046200', result);
    expect(v.among).toBe(false);
    expect(v.rank).toBeNull();
    expect(v.better).toEqual({ code: '61091000', score: 8.4, explanation: 'cotton t-shirts' });
  });

  it('never counts a missing or partial code as among the proposals', () => {
    expect(codeCheckVerdict('', result)).toMatchObject({ among: false, better: { code: '61091000' } });
    expect(codeCheckVerdict('6109', result).among).toBe(false);
  });

  it('has no better code when the service proposed none', () => {
    expect(codeCheckVerdict('61091000', { options: [] })).toEqual({ among: false, rank: null, better: null, proposals: [] });
  });
});

describe('the classification item a check creates', () => {
  it('is read in the tariff of the declaration’s country', () => {
    expect(classificationJurisdictionOf('GB')).toBe('UK');
    expect(classificationJurisdictionOf('CH')).toBe('CH');
    expect(classificationJurisdictionOf('NL')).toBe('EU');
  });
  it('is filed under the article id first, then the LRN and item number', () => {
    expect(checkItemReferences('LRN-1', 2, ' ART-9 ')).toEqual(['ART-9', 'LRN-1/2']);
    expect(checkItemReferences('LRN-1', 2, undefined)).toEqual(['LRN-1/2']);
    expect(checkItemReferences('LRN-1', 2, '  ')).toEqual(['LRN-1/2']);
  });
  it('reuses an item that describes the same goods, whatever the case and spacing', () => {
    expect(sameDescription('Cotton  T-shirts ', 'cotton t-shirts')).toBe(true);
    expect(sameDescription('Cotton T-shirts', 'Wool pullovers')).toBe(false);
    expect(sameDescription(null, '')).toBe(false);
  });
});
