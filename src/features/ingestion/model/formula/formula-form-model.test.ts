import { afterEach, describe, expect, it } from 'vitest';
import { formulaSchema } from '../../../../contract/formulas';
import { checkMessage } from '../forms/contract-resolver';
import { emptyFormula, formulaFormValuesFrom, toFormulaMessage, type FormulaFormValues } from './formula-form-model';
import { setActiveLocale } from '../../../../lib/i18n/active-locale';

const valid = (): FormulaFormValues => ({
  ...emptyFormula(),
  itemId: 'FG-CHOC-500',
  activeFromDate: '2026-01-01T00:00:00Z',
  quantity: '100',
  uom: 'KGM',
  processingType: '1',
  formulaLines: [{ itemId: 'RM-COCOA', quantity: '40,5', uom: 'KGM' }],
  secondaryProducts: [{ itemId: 'BY-SHELLS', quantity: '3', uom: 'KGM', isWaste: 'true' }],
});

const issues = (v: FormulaFormValues) => {
  const r = checkMessage(formulaSchema, toFormulaMessage(v));
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
};

describe('formula form model', () => {
  it('turns the typed text into a formula the contract accepts (decimal comma, isWaste boolean)', () => {
    const r = checkMessage(formulaSchema, toFormulaMessage(valid()));
    expect(r.ok).toBe(true);
    expect(r.ok && r.value.formulaLines[0]?.quantity).toBe(40.5);
    expect(r.ok && r.value.secondaryProducts?.[0]?.isWaste).toBe(true);
  });

  it('asks at the field which number a two-way quantity is when the locale cannot say', () => {
    setActiveLocale('fr');
    const v = valid();
    v.formulaLines = [{ itemId: 'RM-COCOA', quantity: '1.250', uom: 'KGM' }];
    const values = { ...v };
    const r = checkMessage(formulaSchema, toFormulaMessage(values), values);
    expect(r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'formulaLines.0.quantity: "1.250" could be 1\u202f250 or 1,25: type 1250 or 1,25.',
    ]);
  });
  afterEach(() => setActiveLocale('en'));

  it('stops a secondary product without isWaste at that field', () => {
    const v = valid();
    v.secondaryProducts = [...v.secondaryProducts, { itemId: 'BY-DUST', quantity: '1', uom: 'KGM', isWaste: '' }];
    expect(issues(v)).toEqual(['secondaryProducts.1.isWaste: isWaste is required (true or false)']);
  });

  it('applies every Formula rule: lengths, non-zero quantities, processing type, required fields', () => {
    const v = valid();
    v.version = 'x'.repeat(17);
    v.itemId = 'x'.repeat(129);
    v.uom = 'KILOS';
    v.formulaLines = [{ itemId: 'A', quantity: '0', uom: 'TOOLONG' }];
    v.processingType = '3';
    v.quantity = '';
    expect(issues(v)).toEqual(
      expect.arrayContaining([
        'version: must be at most 16 characters',
        'itemId: must be at most 128 characters',
        'quantity: is required',
        'processingType: must be one of 1, 2, 4, 5',
        'formulaLines.0.quantity: must not be zero',
        'formulaLines.0.uom: must be at most 5 characters',
      ]),
    );
    expect(issues({ ...valid(), quantity: 'abc' })).toEqual(['quantity: must be a number']);
  });

  it('holds at most 9,999 lines and 9,999 secondary products', () => {
    const line = { itemId: 'A', quantity: '1', uom: 'KGM' };
    expect(issues({ ...valid(), formulaLines: Array.from({ length: 9999 }, () => line) })).toEqual([]);
    expect(issues({ ...valid(), formulaLines: Array.from({ length: 10_000 }, () => line) })).toEqual([
      'formulaLines: holds at most 9999 formula lines',
    ]);
    expect(
      issues({ ...valid(), secondaryProducts: Array.from({ length: 10_000 }, () => ({ ...line, isWaste: 'false' as const })) }),
    ).toEqual(['secondaryProducts: holds at most 9999 secondary products']);
  });

  it('reads a message from a file back into the form, XML-style text values included', () => {
    const back = formulaFormValuesFrom(toFormulaMessage(valid()));
    expect(back.formulaLines).toEqual([{ itemId: 'RM-COCOA', quantity: '40.5', uom: 'KGM' }]);
    expect(back.secondaryProducts[0]?.isWaste).toBe('true');
    const fromXml = formulaFormValuesFrom({
      itemId: 'X',
      formulaLines: { itemId: 'L', quantity: '2', uom: 'KGM' },
      secondaryProducts: [{ itemId: 'S', quantity: '1', uom: 'KGM' }],
    });
    expect(fromXml.formulaLines).toHaveLength(1);
    expect(fromXml.secondaryProducts[0]?.isWaste).toBe('');
  });
});
