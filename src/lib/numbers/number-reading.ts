import { activeLocale } from '../i18n/active-locale';
/**
 * How the console reads a number a person typed or pasted: one reader for every numeric field and
 * for columns pasted from a spreadsheet or imported from CSV, so "1.250" is never 1.25 on one page
 * and 1250 on another.
 *
 * A column is read with one decimal mark, "." or ","; the other of the two, a space (plain, no-break
 * or narrow) or an apostrophe can group thousands. The cells themselves are the evidence: "300,5"
 * and "1.250,00" can only have a decimal comma, "3.5" and "1,250.5" only a decimal point. A cell
 * such as "1.250" reads both ways (1.25 or 1250): the user's locale settles it only when the
 * separator is one the locale writes and no cell of the column points the other way. Otherwise
 * the column is not read until the user says how (`ask`): nothing is stored as a guess.
 */

export type DecimalMark = '.' | ',';

/** How a locale writes numbers: its decimal mark and the character it groups thousands with. */
export interface NumberConvention {
  decimal: DecimalMark;
  group: string;
}

/** The two readings of a cell: its value with a decimal point, with a decimal comma; undefined when it is not a number that way. */
export interface CellReadings {
  text: string;
  point: number | undefined;
  comma: number | undefined;
}

export type ColumnReading =
  /** One decimal mark reads the column's two-way cells (see readAs); `values` has a number (or undefined: blank, or not a number) per cell. */
  | { kind: 'read'; decimal: DecimalMark; values: (number | undefined)[] }
  /**
   * The user must choose. `ambiguous`: cells read two ways and the column (or the locale) does not
   * say which; `contradictory`: some cells read only with a point, others only with a comma.
   * `cells` are the cells that read differently or only one way, as examples for the question.
   */
  | { kind: 'ask'; reason: 'ambiguous' | 'contradictory'; suggested: DecimalMark | undefined; cells: CellReadings[] };

const SPACES = /[\s\u00a0\u202f]/;
const GROUPS_FOR: Readonly<Record<DecimalMark, readonly string[]>> = {
  '.': [',', ' ', '\u00a0', '\u202f', "'", '\u2019'],
  ',': ['.', ' ', '\u00a0', '\u202f', "'", '\u2019'],
};

const escape = (c: string): string => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Per decimal mark: digits with an optional fraction, and the same with whole thousands groups, one pattern per grouping character. */
function patternsFor(decimal: DecimalMark) {
  const d = escape(decimal);
  return {
    plain: new RegExp(`^(\\d*)(?:${d}(\\d+))?$`),
    grouped: GROUPS_FOR[decimal].map((group) => {
      const g = SPACES.test(group) ? '[\\s\\u00a0\\u202f]' : escape(group);
      return new RegExp(`^([1-9]\\d{0,2}(?:${g}\\d{3})+)(?:${d}(\\d+))?$`);
    }),
  };
}
const PATTERNS = { '.': patternsFor('.'), ',': patternsFor(',') } as const;

/**
 * The number a text says with `decimal` as its decimal mark, or undefined. Thousands groups must
 * be whole ("1.250.000", not "1.25.0") with one grouping character in the cell, and a grouped
 * number does not start with 0 (nobody writes "0.250" for 250).
 */
export function readWith(text: string, decimal: DecimalMark): number | undefined {
  const trimmed = text.trim().replace(/^\u2212/, '-');
  const sign = /^[+-]/.test(trimmed) ? trimmed[0] : '';
  const body = sign ? trimmed.slice(1).trim() : trimmed;
  const { plain, grouped } = PATTERNS[decimal];
  const simple = plain.exec(body);
  if (simple && (simple[1] !== '' || simple[2] !== undefined)) return Number(`${sign}${simple[1] || '0'}.${simple[2] ?? '0'}`);
  for (const pattern of grouped) {
    const match = pattern.exec(body);
    if (match?.[1]) return Number(`${sign}${match[1].replace(/\D/g, '')}.${match[2] ?? '0'}`);
  }
  return undefined;
}

export const cellReadings = (text: string): CellReadings => ({ text, point: readWith(text, '.'), comma: readWith(text, ',') });

/** The cell reads two different numbers (only "1.250"-like cells do). */
const twoWays = (c: CellReadings): boolean => c.point !== undefined && c.comma !== undefined && c.point !== c.comma;

/** The locale's own way of writing numbers, from Intl; a decimal mark other than "." or "," counts as ".". */
const conventions = new Map<string, NumberConvention>();

export function conventionOf(locale: string): NumberConvention {
  const known = conventions.get(locale);
  if (known) return known;
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  } catch {
    parts = new Intl.NumberFormat('en').formatToParts(1234567.5);
  }
  const decimal = parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
  const convention: NumberConvention = { decimal, group: parts.find((p) => p.type === 'group')?.value ?? '' };
  conventions.set(locale, convention);
  return convention;
}

/**
 * The user's locale, tried first when a typed or pasted number reads two ways: the console's
 * language (the user's choice, else the browser's preference); 'en' outside a browser.
 */
export const userLocale = (): string => activeLocale();

/** The "." or "," a "1.250"-like cell has: the one mark that could be either. */
const markOf = (text: string): string => (text.includes(',') ? ',' : '.');

/** The locale settles a two-way cell when the cell's mark is the locale's decimal mark or its thousands separator. */
const localeSettles = (c: CellReadings, convention: NumberConvention): boolean => {
  const mark = markOf(c.text);
  return mark === convention.decimal || mark === convention.group;
};

/**
 * A cell read in a column whose two-way cells have `decimal` as their decimal mark: a cell that
 * reads one way only is read that way ("300,5" is 300.5 in any column).
 */
export function readAs(text: string, decimal: DecimalMark): number | undefined {
  const c = cellReadings(text);
  return twoWays(c) ? (decimal === '.' ? c.point : c.comma) : (c.point ?? c.comma);
}

/** Reads a column of cells (blank cells are allowed and read as undefined) as the user meant it, or says it must ask. */
export function readColumn(texts: readonly string[], locale: string = userLocale()): ColumnReading {
  const cells = texts.map(cellReadings);
  const filled = cells.filter((c) => c.text.trim() !== '');
  const pointOnly = filled.filter((c) => c.point !== undefined && c.comma === undefined);
  const commaOnly = filled.filter((c) => c.comma !== undefined && c.point === undefined);
  const ambiguous = filled.filter(twoWays);
  const convention = conventionOf(locale);
  const read = (decimal: DecimalMark): ColumnReading => ({ kind: 'read', decimal, values: texts.map((t) => readAs(t, decimal)) });
  const evidence: DecimalMark | undefined = pointOnly.length > commaOnly.length ? '.' : commaOnly.length > 0 ? ',' : undefined;
  // Without two-way cells every cell has one reading, whatever the others prove.
  if (ambiguous.length === 0) return read(evidence ?? convention.decimal);
  if (pointOnly.length > 0 && commaOnly.length > 0) {
    return { kind: 'ask', reason: 'contradictory', suggested: undefined, cells: [...ambiguous, ...pointOnly, ...commaOnly] };
  }
  const settled = ambiguous.every((c) => localeSettles(c, convention));
  if (settled && (evidence === undefined || evidence === convention.decimal)) return read(convention.decimal);
  return { kind: 'ask', reason: 'ambiguous', suggested: evidence, cells: [...ambiguous, ...(evidence === '.' ? pointOnly : commaOnly)] };
}

/** One typed value: a number, blank, not a number, or two-way (the field shows an error that asks which). */
export type ValueReading =
  { kind: 'number'; value: number } | { kind: 'blank' } | { kind: 'not-a-number' } | { kind: 'ambiguous'; point: number; comma: number };

/** A single value, as a form field reads it: the same rule as a column of one cell. */
export function readValue(text: string, locale: string = userLocale()): ValueReading {
  if (text.trim() === '') return { kind: 'blank' };
  const column = readColumn([text], locale);
  if (column.kind === 'read') {
    const value = column.values[0];
    return value === undefined ? { kind: 'not-a-number' } : { kind: 'number', value };
  }
  const cell = cellReadings(text);
  return cell.point !== undefined && cell.comma !== undefined
    ? { kind: 'ambiguous', point: cell.point, comma: cell.comma }
    : { kind: 'not-a-number' };
}
