import { z } from 'zod';
import { directionSchema } from './customs-shipment.js';
import { slaTargetsSchema } from './sla-targets.js';

/**
 * The operations dashboard (GET /api/dashboard): how the team's days went, from the facts the BFF
 * keeps per declaration (events it received, and a backfill from the service's search for what
 * happened before it followed the tenant). Days are UTC calendar days (YYYY-MM-DD), inclusive.
 */

const DAY_MS = 86_400_000;
/** The longest range one answer covers (a year and a day: "this day last year" fits). */
export const DASHBOARD_MAX_DAYS = 367;

/** Whether a YYYY-MM-DD string names a real day (Date.parse rolls 2026-02-30 over to March). */
export const isCalendarDay = (s: string): boolean => {
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
};
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
  .refine(isCalendarDay, 'not a calendar day');
const filterText = (max: number) => z.string().trim().min(1).max(max).optional();

export const dashboardFilterShape = {
  flow: filterText(100),
  jurisdiction: filterText(8),
  direction: directionSchema.optional(),
  office: filterText(20),
  /** me, unassigned, or a person's sub (src/contract/assignments.ts): the console's own record of who owns what. */
  owner: filterText(200),
};

export const dashboardQuerySchema = z
  .object({ from: isoDay, to: isoDay, ...dashboardFilterShape, compare: z.literal('previous').optional() })
  .superRefine((q, ctx) => {
    const days = dayCount(q.from, q.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
    else if (days > DASHBOARD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${DASHBOARD_MAX_DAYS} days after from` });
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
export type DashboardFilters = Pick<DashboardQuery, 'flow' | 'jurisdiction' | 'direction' | 'office' | 'owner'>;

/** Days from `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The period of the same length just before [from, to]. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const n = dayCount(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

/** Nearest-rank percentiles of a lead time in minutes; null when nothing was measured. */
const leadTimeSchema = z.object({ p50: z.number().nullable(), p90: z.number().nullable(), count: z.number().int() });
export type LeadTime = z.infer<typeof leadTimeSchema>;

/** Statuses a declaration's final (current) status is counted under; any other goes to "Other". */
export const DASHBOARD_FINAL_STATUSES = ['Released', 'Accepted', 'Submitted', 'Validated', 'Invalid', 'CustomsError', 'Other'] as const;
export type DashboardFinalStatus = (typeof DASHBOARD_FINAL_STATUSES)[number];

export const dashboardDaySchema = z.object({
  day: z.string(),
  /** Declarations lodged that day, by their current status. */
  byStatus: z.record(z.enum(DASHBOARD_FINAL_STATUSES), z.number().int()),
  lodged: z.number().int(),
  /** Of those, rejected at least once (Invalid or CustomsError). */
  rejected: z.number().int(),
  /** rejected / lodged, 0..1; null with nothing lodged. */
  rejectionRate: z.number().nullable(),
  acceptance: leadTimeSchema,
  release: leadTimeSchema,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardTotalsSchema = z.object({
  lodged: z.number().int(),
  accepted: z.number().int(),
  released: z.number().int(),
  rejected: z.number().int(),
  rejectionRate: z.number().nullable(),
  acceptance: leadTimeSchema,
  release: leadTimeSchema,
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;

/** Age of a declaration in its current status. */
export const BACKLOG_BUCKETS = [
  { key: 'lt1h', label: 'Under 1 hour', maxMinutes: 60 },
  { key: '1to4h', label: '1–4 hours', maxMinutes: 240 },
  { key: '4to24h', label: '4–24 hours', maxMinutes: 1440 },
  { key: '1to3d', label: '1–3 days', maxMinutes: 4320 },
  { key: 'gt3d', label: 'Over 3 days', maxMinutes: null },
] as const;
export const BACKLOG_BUCKET_KEYS = [
  'lt1h',
  '1to4h',
  '4to24h',
  '1to3d',
  'gt3d',
] as const satisfies readonly (typeof BACKLOG_BUCKETS)[number]['key'][];
export type BacklogBucket = (typeof BACKLOG_BUCKET_KEYS)[number];
/** The statuses that wait for the team (or for customs). */
export const BACKLOG_STATUSES = ['Invalid', 'CustomsError', 'Validated', 'Submitted'] as const;

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  generatedAt: z.iso.datetime(),
  targets: slaTargetsSchema,
  /**
   * How complete the figures are: declarations known only from the backfill (the service's search
   * tells their creation, acceptance and last change, not each status change in between; the office is read once afterwards).
   */
  coverage: z.object({ declarations: z.number().int(), backfilled: z.number().int(), backfilledAt: z.string().nullable() }),
  days: z.array(dashboardDaySchema),
  totals: dashboardTotalsSchema,
  previous: dashboardTotalsSchema.extend({ from: z.string(), to: z.string() }).nullable(),
  /** Declarations lodged in the range whose lead times passed the targets; fixes: Invalid/CustomsError periods longer than allowed. */
  breaches: z.object({ acceptance: z.number().int(), release: z.number().int(), fix: z.number().int() }),
  /** The review desk's codes on declarations rejected in the range, by day of rejection; codes most frequent first (top 8). */
  errorCodes: z.object({
    codes: z.array(z.object({ errorCode: z.string(), declarations: z.number().int() })),
    days: z.array(z.object({ day: z.string(), counts: z.record(z.string(), z.number().int()) })),
  }),
  backlog: z.array(z.object({ status: z.string(), bucket: z.enum(BACKLOG_BUCKET_KEYS), count: z.number().int() })),
  /** Writes each person made through the console in the range (audit log), answered with success. */
  throughput: z.array(z.object({ name: z.string(), writes: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
