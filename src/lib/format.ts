import { normaliseCode } from '../contract/commodity-code';
import type { CodeMeaning } from '../contract/code-lists/emcs';
import type { Jurisdiction } from '../contract/scopes';
import { activeLocale, onLocaleChange } from './i18n/active-locale';

/**
 * How the console writes values for people: one module, so every page reads the same.
 * Plain Date and Intl rather than a date library, which the first screen would otherwise download.
 * Everything follows the console's language (activeLocale): English keeps its own fixed style
 * ("4 Mar 2026, 06:06:07", "1,234.5"); Dutch, French and German are written by Intl in their own
 * order and separators, always with 24-hour times.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number): string => String(n).padStart(2, '0');

/** Shown where a value is missing. */
const NONE = '—';

/** A timestamp or bare date (local midnight, not UTC) as a Date; undefined when it is not one. */
function toDate(iso: string): Date | undefined {
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00` : iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const clock = (d: Date, seconds = true): string => `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;
const day = (d: Date, year = true): string => `${d.getDate()} ${MONTHS[d.getMonth()] ?? ''}${year ? ` ${d.getFullYear()}` : ''}`;

/**
 * A moment as customs staff read it: day, month name, year and the 24-hour local time with seconds
 * ("4 Mar 2026, 06:06:07"). The month name keeps it unambiguous between the day-first and
 * month-first habits of the offices and traders they deal with; seconds tell apart the events of
 * one submission. Dense tables (`{ dense: true }`) leave out the seconds, and the year when it is
 * this year ("4 Mar, 06:06"), so their default columns fit a 1440 px screen; the row's own page
 * shows the full moment. Missing: "—"; not a date: the text as given.
 */
export function formatDateTime(iso: string | null | undefined, { dense = false }: { dense?: boolean } = {}): string {
  if (!iso) return NONE;
  const d = toDate(iso);
  if (!d) return iso;
  const locale = activeLocale();
  if (locale !== 'en') return intlDateTime(locale, dense && d.getFullYear() === new Date().getFullYear(), !dense).format(d);
  return dense ? `${day(d, d.getFullYear() !== new Date().getFullYear())}, ${clock(d, false)}` : `${day(d)}, ${clock(d)}`;
}

/** The local time of day ("06:06:07"), for things that happened moments ago. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return NONE;
  const d = toDate(iso);
  return d ? clock(d) : iso;
}

/** Intl formatters per locale and options: made once, dropped when the language changes. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
onLocaleChange(() => formatters.clear());

function intlDateTime(locale: string, omitYear: boolean, seconds: boolean): Intl.DateTimeFormat {
  const key = `date:${locale}:${omitYear}:${seconds}`;
  let format = formatters.get(key);
  if (!(format instanceof Intl.DateTimeFormat)) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: omitYear ? undefined : 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: seconds ? '2-digit' : undefined,
      hourCycle: 'h23',
    });
    formatters.set(key, format);
  }
  return format;
}

function intlNumber(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `number:${locale}:${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!(format instanceof Intl.NumberFormat)) {
    format = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** A quantity, mass or count with thousands separators and at most 3 decimals ("1,234.5", "1.234,5", "1 234,5"); missing: ''. */
export const formatQuantity = (n: number | null | undefined): string =>
  n === null || n === undefined ? '' : intlNumber(activeLocale(), { maximumFractionDigits: 3 }).format(n);

/**
 * An amount with its currency code after it, always two decimals: "4,829.50 EUR", "4.829,50 EUR",
 * "4 829,50 EUR". The code rather than a symbol: customs documents name the currency by ISO 4217 code.
 */
export const formatAmount = (amount: number, currency: string): string =>
  `${intlNumber(activeLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;

/**
 * A commodity code as each jurisdiction's tariff prints it: EU and UK in spaced groups
 * (4202 21 90 00), US HTS dotted (8471.30.01.00), CH tariff numbers as 4202.2190.
 * Anything not made of 8 or 10 digits is shown as given.
 */
export function formatCode(jurisdiction: Jurisdiction | undefined, code: string): string {
  const digits = normaliseCode(code);
  if (!/^\d{8}(\d{2})?$/.test(digits)) return code;
  const groups = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), digits.slice(8)].filter(Boolean);
  switch (jurisdiction) {
    case 'US':
      return groups.join('.');
    case 'CH':
      return `${digits.slice(0, 4)}.${digits.slice(4)}`;
    default:
      return groups.join(' ');
  }
}

/** A code-list entry as pickers show it: "0 – Other" (a trailing comma of the source list dropped). */
export const formatCodeMeaning = ({ code, meaning }: CodeMeaning): string => `${code} – ${meaning.replace(/,$/, '')}`;

/**
 * How date pickers write their value (dayjs tokens), the same way as formatDateTime: "4 Mar 2026",
 * "4 Mar 2026, 06:06". Never the browser's own date inputs, which read mm/dd/yyyy in an en-US browser.
 */
export const PICKER_DATE_FORMAT = 'D MMM YYYY';
export const PICKER_DATE_TIME_FORMAT = 'D MMM YYYY, HH:mm';
export const PICKER_DATE_TIME_SECONDS_FORMAT = 'D MMM YYYY, HH:mm:ss';
