import { z } from 'zod';
import type { SlaTargets } from './sla-targets.js';

/**
 * The deadline radar (issue 26, GET /api/radar, docs/alerts.md): what is late or about to be,
 * from the service-level targets. Declarations in a status longer than its target (Invalid or
 * CustomsError not fixed, Validated not submitted, Accepted not released), pre-lodged
 * declarations whose goods have not arrived, inbound excise movements without a report of
 * receipt, and better classification suggestions nobody has decided on.
 */
export const RADAR_KINDS = ['fix', 'submit', 'release', 'arrival', 'receipt', 'classification'] as const;
export const radarKindSchema = z.enum(RADAR_KINDS);
export type RadarKind = z.infer<typeof radarKindSchema>;

/** Each kind's label and the target its due time comes from (classification decisions have none). */
export const RADAR_KIND_INFO: Readonly<Record<RadarKind, { label: string; target: keyof SlaTargets | null }>> = {
  fix: { label: 'Not fixed', target: 'fixInvalidMinutes' },
  submit: { label: 'Not submitted', target: 'submitValidatedMinutes' },
  release: { label: 'Not released', target: 'releaseMinutes' },
  arrival: { label: 'Goods not arrived', target: 'arrivalMinutes' },
  receipt: { label: 'No report of receipt', target: 'receiptMinutes' },
  classification: { label: 'Classification decision pending', target: null },
};

/** The event type radar items have when alert rules ask for them (the kind is the subtype). */
export const RADAR_EVENT_TYPE = 'Radar';

export const radarItemSchema = z.object({
  /** Stable per item and due time: `<kind>:<declaration or item id>`. */
  key: z.string(),
  kind: radarKindSchema,
  declarationId: z.string().nullable(),
  lrn: z.string().nullable(),
  /** The declaration's status, or the classification run's. */
  status: z.string(),
  jurisdiction: z.string().nullable(),
  /** What is waited on, for people: the LRN or the classification item. */
  subject: z.string(),
  /** When the wait began (ISO 8601). */
  since: z.string(),
  ageMinutes: z.number().int().nonnegative(),
  /** since + the kind's target; null for classification decisions (no target). */
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  owner: z.object({ sub: z.string(), name: z.string() }).nullable(),
  /** The console page to open. */
  link: z.string(),
});
export type RadarItem = z.infer<typeof radarItemSchema>;

export const radarSchema = z.object({
  /** Overdue first (most overdue first), then by due time. */
  items: z.array(radarItemSchema),
  /** Items due within this many minutes count as "about to be" late. */
  soonMinutes: z.number().int(),
  /** false when the service's search had more declarations than the BFF reads at once. */
  complete: z.boolean(),
  generatedAt: z.string(),
});
export type Radar = z.infer<typeof radarSchema>;

export const radarQuerySchema = z.object({
  /** Include items due within this many minutes (default an hour, at most a week). */
  soonMinutes: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  kind: z
    .union([radarKindSchema, z.array(radarKindSchema)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
});
export type RadarQuery = z.output<typeof radarQuerySchema>;

/** Sorts radar items: overdue first (the longest overdue first), then the soonest due; undated last. */
export function compareRadarItems(a: RadarItem, b: RadarItem): number {
  const due = (i: RadarItem) => (i.dueAt === null ? Number.POSITIVE_INFINITY : Date.parse(i.dueAt));
  return due(a) - due(b) || a.key.localeCompare(b.key);
}
