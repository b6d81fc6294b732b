import { describe, expect, it } from 'vitest';
import { lineColumns } from './line-columns';
import { linesFromRows, parseDelimited } from './line-import';
import type { LineDraft, LineField } from './order-draft';

const columns = lineColumns('RFFC');
const fields = (l: LineDraft) => ({ itemId: l.itemId, quantity: l.quantity, uom: l.uom });

describe('parseDelimited', () => {
  it('reads tab-separated rows with quoted cells and CRLF, skipping blank rows', () => {
    expect(parseDelimited('A\t"two\tparts"\t3\r\n\r\nB\tx\t4\r\n', '\t')).toEqual([
      ['A', 'two\tparts', '3'],
      ['B', 'x', '4'],
    ]);
  });
  it('detects the CSV delimiter', () => {
    expect(parseDelimited('itemId;quantity\nA;1,5\n')).toEqual([
      ['itemId', 'quantity'],
      ['A', '1,5'],
    ]);
  });
});

describe('linesFromRows', () => {
  it('takes cells in the table column order when there is no header', () => {
    const result = linesFromRows(
      [
        ['A', 'Apples', 'Out', '5', 'KGM'],
        ['', ''],
        ['B', '', 'In', '7', 'LTR', 'E300'],
      ],
      columns,
    );
    expect(result.header).toBe(false);
    expect(result.lines.map(fields)).toEqual([
      { itemId: 'A', quantity: '5', uom: 'KGM' },
      { itemId: 'B', quantity: '7', uom: 'LTR' },
    ]);
    expect(result.lines[1]?.exciseProductCode).toBe('E300');
  });

  it('maps a header row by label or field name, in any order', () => {
    const result = linesFromRows(
      [
        ['Quantity', 'uom', 'Item id'],
        ['3', 'KGM', 'A'],
      ],
      columns,
    );
    expect(result.header).toBe(true);
    expect(result.lines.map(fields)).toEqual([{ itemId: 'A', quantity: '3', uom: 'KGM' }]);
  });

  it('maps a header row in the user language, whatever its case, accents and punctuation', () => {
    const french: Partial<Record<LineField, string>> = { itemId: "Numéro d'article", quantity: 'Quantité', uom: 'Unité' };
    const result = linesFromRows(
      [
        ['QUANTITE', 'unité', 'Numero d article'],
        ['3', 'KGM', 'A'],
      ],
      columns,
      undefined,
      (field) => french[field] ?? '',
    );
    expect(result.header).toBe(true);
    expect(result.lines.map(fields)).toEqual([{ itemId: 'A', quantity: '3', uom: 'KGM' }]);
  });

  it('stops at the room left and notes cells past the last column', () => {
    const row = [...columns.map(() => 'x'), 'extra'];
    const result = linesFromRows([row, row, row], columns, 2);
    expect(result.lines).toHaveLength(2);
    expect(result.dropped).toBe(1);
    expect(result.notes).toEqual([
      { row: 1, cells: 1 },
      { row: 2, cells: 1 },
    ]);
  });
});
