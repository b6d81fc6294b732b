import { conventionOf, readValue, userLocale } from './number-reading';

/**
 * Numbers written back for people after they were read. Shown: the user's decimal mark and thousands
 * grouped by a narrow space (as ISO 80000-1 writes them), never by "." or ",", so "1 250" and
 * "1.25" cannot be taken for each other whatever the reader's habit. Every digit read is kept: a
 * value is shown as it was read, not rounded.
 */

const NARROW_SPACE = '\u202f';

/** The plain digits of a number ("1234.5"); exponent forms, for the very large or small, as JavaScript writes them. */
const plain = (n: number): string => String(n);

/** How a read number is shown in a grid cell or a hint: "1 250", "300.5" (in a decimal-comma locale "300,5"). */
export function formatReadNumber(n: number, locale: string = userLocale()): string {
  const text = plain(n);
  if (/e/i.test(text)) return text;
  const [whole = '', fraction] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NARROW_SPACE);
  return `${n < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `${conventionOf(locale).decimal}${fraction}`}`;
}

/** A number as the user would type it so it reads back the same: the locale's decimal mark, no grouping ("1250", "300,5"). */
export function numberText(n: number, locale: string = userLocale()): string {
  const text = plain(n);
  return /e/i.test(text) ? text : text.replace('.', conventionOf(locale).decimal);
}

/** The field error for a value that reads two ways: both readings, and how to type each so it cannot be misread. */
export function ambiguousNumberMessage(text: string, point: number, comma: number, locale: string = userLocale()): string {
  return `"${text.trim()}" could be ${formatReadNumber(comma, locale)} or ${formatReadNumber(point, locale)}: type ${numberText(comma, locale)} or ${numberText(point, locale)}.`;
}

/** A typed value as the reader reads it, for showing: the number formatted ("1 250") when it is one, otherwise the text as typed. */
export function shownAsRead(text: string, locale: string = userLocale()): string {
  const reading = readValue(text, locale);
  return reading.kind === 'number' ? formatReadNumber(reading.value, locale) : text;
}

/** The field error for a typed value that reads two ways and the locale cannot say which, or undefined. */
export function ambiguityOf(text: string, locale: string = userLocale()): string | undefined {
  const reading = readValue(text, locale);
  return reading.kind === 'ambiguous' ? ambiguousNumberMessage(text, reading.point, reading.comma, locale) : undefined;
}

/** A typed value as a form sends it: null when blank, NaN when it is no number or reads two ways (the form's checks report it). */
export function typedNumber(text: string, locale: string = userLocale()): number | null {
  const reading = readValue(text, locale);
  return reading.kind === 'number' ? reading.value : reading.kind === 'blank' ? null : Number.NaN;
}
