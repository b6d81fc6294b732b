import { describe, expect, it } from 'vitest';
import { firstErrorPath } from './focus-first-error';

const e = (message: string) => ({ type: 'contract', message });

describe('firstErrorPath', () => {
  it('follows the form order, then rows in order, then fields in a row', () => {
    const errors = {
      secondaryProducts: [undefined, { isWaste: e('required') }],
      itemId: e('required'),
      formulaLines: [undefined, undefined, { uom: e('too long') }],
    };
    expect(firstErrorPath(errors, ['itemId', 'formulaLines', 'secondaryProducts'])).toBe('itemId');
    expect(firstErrorPath({ ...errors, itemId: undefined }, ['itemId', 'formulaLines', 'secondaryProducts'])).toBe('formulaLines.2.uom');
    expect(firstErrorPath({ secondaryProducts: errors.secondaryProducts }, ['itemId'])).toBe('secondaryProducts.1.isWaste');
    expect(firstErrorPath({ formulaLines: { root: e('x'), message: 'holds at most', type: 'contract' } }, [])).toBe('formulaLines');
  });
});
