import { z } from 'zod';
import {
  addDays,
  dashboardFilterShape,
  DASHBOARD_MAX_DAYS,
  dayCount,
  isCalendarDay,
  type DashboardQuery,
} from '../../../contract/dashboard';
import { directionSchema } from '../../../contract/customs-shipment';

/** The time ranges the dashboard offers; 'custom' takes from and to. */
export const DASHBOARD_RANGES = ['today', '7d', '30d', '90d', 'custom'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
const RANGE_DAYS: Record<Exclude<DashboardRange, 'custom'>, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDay)
  .optional()
  .catch(undefined);
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * /dashboard's address: the range, the filters and the comparison. Lenient: a hand-edited link
 * never fails the page, a bad value falls back to its default.
 */
export const dashboardSearchSchema = z.object({
  range: z.enum(DASHBOARD_RANGES).optional().catch(undefined),
  from: day,
  to: day,
  flow: lenient(dashboardFilterShape.flow.unwrap()),
  jurisdiction: lenient(dashboardFilterShape.jurisdiction.unwrap()),
  direction: lenient(directionSchema),
  office: lenient(dashboardFilterShape.office.unwrap()),
  owner: lenient(dashboardFilterShape.owner.unwrap()),
  compare: z.boolean().optional().catch(undefined),
});
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>;

/** Today as a UTC day (the dashboard's days are UTC days). */
export const utcToday = (now = new Date()): string => now.toISOString().slice(0, 10);

/** The API query for what the address asks: 30 days by default; a custom range without both days, or too long, falls back to it. */
export function toDashboardQuery(search: DashboardSearch, today = utcToday()): DashboardQuery {
  const range = search.range ?? '30d';
  let from = addDays(today, -(RANGE_DAYS[range === 'custom' ? '30d' : range] - 1));
  let to = today;
  if (range === 'custom' && search.from && search.to) {
    const n = dayCount(search.from, search.to);
    if (n >= 1 && n <= DASHBOARD_MAX_DAYS) ({ from, to } = search);
  }
  return {
    from,
    to,
    flow: search.flow,
    jurisdiction: search.jurisdiction,
    direction: search.direction,
    office: search.office,
    owner: search.owner,
    ...(search.compare ? { compare: 'previous' as const } : {}),
  };
}

/** The declarations search's address for what a bar or row shows (see the declarations page's search params). */
export interface DrillDown {
  currentStatus?: string[];
  creationDateFrom?: string;
  creationDateTo?: string;
  jurisdiction?: string[];
  direction?: 'IN' | 'OUT';
  customsFlow?: string;
  owner?: string;
}

/** Declarations lodged on `days` (one day, or a range) with these statuses, under the dashboard's filters. The office has no search parameter: it is left out. */
export function drillDown(
  q: Pick<DashboardQuery, 'flow' | 'jurisdiction' | 'direction' | 'owner'>,
  days: { from?: string; to?: string },
  statuses?: readonly string[],
): DrillDown {
  return {
    ...(statuses?.length ? { currentStatus: [...statuses] } : {}),
    ...(days.from ? { creationDateFrom: days.from } : {}),
    ...(days.to ? { creationDateTo: days.to } : {}),
    ...(q.jurisdiction ? { jurisdiction: [q.jurisdiction] } : {}),
    ...(q.direction ? { direction: q.direction } : {}),
    ...(q.flow ? { customsFlow: q.flow } : {}),
    ...(q.owner ? { owner: q.owner } : {}),
  };
}
