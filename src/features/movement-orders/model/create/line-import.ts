import Papa from 'papaparse';
import { MOVEMENT_ORDER_LINE_LIMIT } from '../../../../contract/movement-orders';
import type { LineColumn } from './line-columns';
import { emptyLine, type LineDraft, type LineField } from './order-draft';

/** Lines from a spreadsheet paste (tab-separated) or a CSV file, with what could not be taken. */
export interface LineImport {
  lines: LineDraft[];
  /** The first row named the columns and was used to map them. */
  header: boolean;
  /** Rows left out because the order would pass the line limit. */
  dropped: number;
  /** Rows with cells beyond the known columns, ignored (row 3: 2 cells past the last column). */
  notes: { row: number; cells: number }[];
}

/** Rows of cells; quoted cells (with tabs, commas or line breaks inside) as spreadsheets write them. */
export function parseDelimited(text: string, delimiter?: '\t'): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: 'greedy', ...(delimiter ? { delimiter } : {}) });
  return result.data;
}

/** A column name as people vary it: case, accents, spaces and punctuation do not count ("Präf.-Ursprung" = "praf ursprung"). */
const normal = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The field a header cell names: by the column's name in the user's language, its English name ("Item id") or contract name ("itemId"). */
function fieldOf(cell: string, columns: readonly LineColumn[], shownName: (field: LineField) => string): LineField | undefined {
  const n = normal(cell);
  return columns.find((c) => normal(shownName(c.field)) === n || normal(c.label) === n || normal(c.field) === n)?.field;
}

const MAX_NOTES = 5;

/**
 * Rows → lines. A first row whose cells all name columns is a header (any order, any subset; the
 * names as the table shows them in the user's language, `shownName`, or in English); otherwise
 * cells are taken in the table's column order. Blank rows are skipped; at most `room` lines are
 * made (the rest of MOVEMENT_ORDER_LINE_LIMIT).
 */
export function linesFromRows(
  rows: readonly (readonly string[])[],
  columns: readonly LineColumn[],
  room: number = MOVEMENT_ORDER_LINE_LIMIT,
  shownName: (field: LineField) => string = () => '',
): LineImport {
  const first = rows[0] ?? [];
  const named = first.filter((c) => c.trim() !== '').map((c) => fieldOf(c, columns, shownName));
  const header = named.length > 0 && named.every((f) => f !== undefined);
  const order: (LineField | undefined)[] = header ? first.map((c) => fieldOf(c, columns, shownName)) : columns.map((c) => c.field);
  const body = header ? rows.slice(1) : rows;
  const lines: LineDraft[] = [];
  const notes: LineImport['notes'] = [];
  let dropped = 0;
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    if (lines.length >= room) {
      dropped++;
      return;
    }
    const values: Partial<Record<LineField, string>> = {};
    cells.forEach((cell, j) => {
      const field = order[j];
      if (field) values[field] = cell.trim();
    });
    const extra = cells.slice(order.length).filter((c) => c.trim() !== '').length;
    if (extra > 0 && notes.length < MAX_NOTES) notes.push({ row: i + 1 + (header ? 1 : 0), cells: extra });
    lines.push(emptyLine(values));
  });
  return { lines, header, dropped, notes };
}
