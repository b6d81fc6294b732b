/** Excel runs a cell starting with one of these as a formula (CSV injection): such text gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

const field = (value: string | number | null): string => {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A table as RFC 4180 CSV for Excel: CRLF line ends, quoted fields where needed, a UTF-8 byte order mark. */
export function tableCsv(headers: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${[headers, ...rows].map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}
