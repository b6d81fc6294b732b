import { describe, expect, it } from 'vitest';
import { lineColumns } from './line-columns';
import { linesFromRows, parseDelimited } from './line-import';
import { readLineNumbers, withReadNumbers } from './line-numbers';
import { toMovementLine } from './order-draft';

const columns = lineColumns('RFFC');
// The column, from a German sheet: 120, three hundred and a half, one thousand two hundred fifty.
const CSV = 'Item id;Quantity;Unit;ASV %\r\nA;120;KGM;\r\nB;300,5;KGM;12,5\r\nC;1.250;KGM;\r\n';
const TSV = 'A\t\tOut\t120\tKGM\nB\t\tOut\t300,5\tKGM\nC\t\tOut\t1.250\tKGM\n';

const quantities = (text: string, delimiter?: '\t') => linesFromRows(parseDelimited(text, delimiter), columns).lines;

describe('number columns of imported lines', () => {
  it.each([
    ['a CSV file', CSV, undefined],
    ['a spreadsheet paste', TSV, '\t' as const],
  ])(
    '%s with 120, 300,5 and 1.250 asks an English-locale user, and the German reading stores 120, 300.5 and 1250',
    (_, text, delimiter) => {
      const lines = quantities(text, delimiter);
      const { decided, questions } = readLineNumbers(lines, columns, 'en-US');
      expect(questions).toEqual([
        {
          field: 'quantity',
          label: 'Quantity',
          reason: 'ambiguous',
          suggested: ',',
          examples: [
            { text: '1.250', point: 1.25, comma: 1250 },
            { text: '300,5', point: undefined, comma: 300.5 },
          ],
        },
      ]);
      // Nothing in the ASV column reads two ways, so it is read already.
      expect(decided).toEqual(delimiter ? { asv: '.' } : { asv: ',' });
      const read = withReadNumbers(lines, { ...decided, quantity: ',' }, 'en-US');
      expect(read.map((l) => l.quantity)).toEqual(['120', '300.5', '1250']);
      expect(read.map((l) => toMovementLine(l, 'RFFC').quantity)).toEqual([120, 300.5, 1250]);
    },
  );

  it('reads the same column without asking a German-locale user, and writes it back in their notation', () => {
    const lines = quantities(CSV);
    const { decided, questions } = readLineNumbers(lines, columns, 'de-DE');
    expect(questions).toEqual([]);
    expect(withReadNumbers(lines, decided, 'de-DE').map((l) => [l.quantity, l.asv])).toEqual([
      ['120', ''],
      ['300,5', '12,5'],
      ['1250', ''],
    ]);
  });

  it('the other reading gives 1.25, and leaves a cell that is no number that way as it was', () => {
    const lines = quantities(CSV);
    expect(withReadNumbers(lines, { quantity: '.' }, 'en-US').map((l) => l.quantity)).toEqual(['120', '300.5', '1.25']);
    const junk = quantities('Quantity\n12 kg\n');
    expect(withReadNumbers(junk, { quantity: '.' }, 'en-US').map((l) => l.quantity)).toEqual(['12 kg']);
  });

  it('calls a column with 1.250 and 3.5 and 300,5 contradictory', () => {
    const lines = quantities('Item id;Quantity\nA;1.250\nB;3.5\nC;300,5\n');
    expect(readLineNumbers(lines, columns, 'de-DE').questions).toMatchObject([
      { field: 'quantity', reason: 'contradictory', suggested: undefined },
    ]);
  });
});
