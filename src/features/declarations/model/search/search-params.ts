import { z } from 'zod';
import { directionSchema } from '../../../../contract/customs-shipment';
import type { DeclarationSearchQueryInput } from '../../../../contract/declarations';

/**
 * The declarations page's URL search state: every search parameter of the specification plus
 * paging. Lenient on purpose: a hand-edited or outdated link never fails the page, bad values
 * fall back to their defaults (`.catch`), an offset is snapped to a multiple of the page size.
 */

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** The URL keeps plain dates (YYYY-MM-DD): clerks think in days; the service query gets instants. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

const text = z
  .string()
  .transform((s) => s.trim())
  .optional()
  .catch(undefined)
  .transform((s) => (s ? s : undefined));

/** One value or several (`?currentStatus=Invalid` and `?currentStatus=["Invalid","CustomsError"]` both work). */
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .catch(undefined)
  .transform((v) => {
    const values = (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean);
    return values.length ? [...new Set(values)] : undefined;
  });

export const DATE_RANGES = ['declarationDate', 'creationDate', 'lastUpdated'] as const;
export type DateRangeField = (typeof DATE_RANGES)[number];

export const LIST_FILTERS = ['currentStatus', 'customsFlowStep', 'jurisdiction', 'storageLocation'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

const filterShape = {
  externalReference: text,
  direction: directionSchema.optional().catch(undefined),
  shipFrom: text,
  shipTo: text,
  lrn: text,
  mrn: text,
  arc: text,
  customsFlow: text,
  customsFlowStep: list,
  currentStatus: list,
  jurisdiction: list,
  storageLocation: list,
  ucr: text,
  declarationDateFrom: isoDate,
  declarationDateTo: isoDate,
  creationDateFrom: isoDate,
  creationDateTo: isoDate,
  lastUpdatedFrom: isoDate,
  lastUpdatedTo: isoDate,
  /** The BFF's, not the service's: me, unassigned, or a person's sub (src/contract/assignments.ts). */
  owner: text,
};

export const declarationFiltersSchema = z.object(filterShape);
/** Filters as the page handles them: a missing key and an undefined one mean the same. */
export type DeclarationFilters = Partial<z.output<typeof declarationFiltersSchema>>;
export const FILTER_KEYS = Object.keys(filterShape) as (keyof DeclarationFilters)[];

export const declarationsSearchSchema = z
  .object({
    ...filterShape,
    limit: z.coerce
      .number()
      .pipe(z.union(PAGE_SIZES.map((n) => z.literal(n))))
      .optional()
      .catch(undefined),
    offset: z.coerce.number().int().min(0).optional().catch(undefined),
  })
  .transform(({ limit, offset, ...filters }) => {
    const pageSize: PageSize = limit ?? DEFAULT_PAGE_SIZE;
    // The service refuses an offset that is not a multiple of limit: snap down instead of failing.
    const snapped = Math.floor((offset ?? 0) / pageSize) * pageSize;
    return { ...filters, limit: pageSize, offset: snapped };
  });

export type DeclarationsSearch = DeclarationFilters & { limit: PageSize; offset: number };
export type DeclarationsSearchInput = z.input<typeof declarationsSearchSchema>;

/** For the address: a list of one is written as plain text (`?currentStatus=Invalid`, not a JSON array), the schema reads both. */
export function singleValuesAsText<S extends DeclarationsSearchInput>(search: S): S {
  const out: S = { ...search };
  for (const key of LIST_FILTERS) {
    const value = out[key];
    if (Array.isArray(value) && value.length === 1) out[key] = value[0];
  }
  return out;
}

/** Filters that sit behind "More filters" (opened by itself when one of them is in use). */
const SECONDARY_FILTERS: readonly (keyof DeclarationFilters)[] = [
  'ucr',
  'shipFrom',
  'shipTo',
  'storageLocation',
  'declarationDateFrom',
  'declarationDateTo',
  'creationDateFrom',
  'creationDateTo',
  'lastUpdatedFrom',
  'lastUpdatedTo',
];

export const secondaryFilterCount = (filters: DeclarationFilters): number =>
  SECONDARY_FILTERS.filter((key) => filters[key] !== undefined).length;

/** Only the filters of a search (no paging), without empty entries. */
export function filtersOf(search: Partial<DeclarationsSearch>): DeclarationFilters {
  const out: DeclarationFilters = {};
  for (const key of FILTER_KEYS) {
    const value = search[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0) || value === '') continue;
    Object.assign(out, { [key]: value });
  }
  return out;
}

export function activeFilterCount(search: Partial<DeclarationsSearch>): number {
  return Object.keys(filtersOf(search)).length;
}

/** Filters are equal when they hold the same values (list order does not matter). */
export function sameFilters(a: Partial<DeclarationsSearch>, b: Partial<DeclarationsSearch>): boolean {
  const fa = filtersOf(a);
  const fb = filtersOf(b);
  const norm = (v: string | readonly string[] | undefined): string =>
    typeof v === 'string' || v === undefined ? String(v) : JSON.stringify([...v].sort());
  return FILTER_KEYS.every((key) => norm(fa[key]) === norm(fb[key]));
}

/** Local calendar day to the instant it starts or ends (the service takes date-times; ranges are inclusive). */
export function dayBoundary(day: string, edge: 'start' | 'end'): string {
  const [y, m, d] = day.split('-').map(Number);
  const date =
    edge === 'start' ? new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, 0, 0, 0) : new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 23, 59, 59, 999);
  return date.toISOString();
}

const DATE_FROM = new Set<string>(DATE_RANGES.map((f) => `${f}From`));
const DATE_TO = new Set<string>(DATE_RANGES.map((f) => `${f}To`));
/** Identifiers the service issues in capitals; a pasted lower-case MRN should still match. */
const UPPER_CASE = new Set<string>(['mrn', 'arc', 'shipFrom', 'shipTo']);

/** The query the service gets for a page of this search (the owner is the BFF's: see ownerOf). */
export function toServiceQuery(search: DeclarationsSearch): DeclarationSearchQueryInput {
  const query: DeclarationSearchQueryInput = { limit: search.limit, offset: search.offset };
  for (const [key, value] of Object.entries(filtersOf(search))) {
    if (key === 'owner') continue;
    if (typeof value === 'string' && DATE_FROM.has(key)) query[key] = dayBoundary(value, 'start');
    else if (typeof value === 'string' && DATE_TO.has(key)) query[key] = dayBoundary(value, 'end');
    else if (typeof value === 'string' && UPPER_CASE.has(key)) query[key] = value.toUpperCase();
    else query[key] = value;
  }
  return query;
}

/** "rows 101–200" of the current page; `more` when the page is full (there may be a next one). */
export function pageSummary(
  offset: number,
  rowCount: number,
  limit: number,
): { first: number; last: number; hasNext: boolean; hasPrevious: boolean } {
  return { first: rowCount === 0 ? 0 : offset + 1, last: offset + rowCount, hasNext: rowCount === limit, hasPrevious: offset > 0 };
}
