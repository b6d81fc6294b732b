/**
 * CSV as RFC 4180 describes it, for Excel as much as for scripts: CRLF line ends, every field
 * with a comma, quote or line break quoted (quotes doubled), a UTF-8 byte order mark so Excel
 * reads accents and the euro sign correctly.
 */

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** Excel runs a cell starting with one of these as a formula (CSV injection): such text gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: readonly (string | number | boolean | null | undefined)[]): string {
  return fields.map(csvField).join(',');
}

export const CSV_BOM = '\uFEFF';

/** Header line plus one line per row, each ended by CRLF, after the BOM. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [csvLine(columns.map((c) => c.header)), ...rows.map((row) => csvLine(columns.map((c) => c.value(row))))];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
