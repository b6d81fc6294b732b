import { z } from 'zod';

/**
 * THE service-level targets a customs team measures itself by, in minutes: from lodgement to
 * acceptance and to release (vendors aim at acceptance under 5 minutes and release under 30;
 * EU figures: 84 % of import declarations cleared within an hour), how long an Invalid or
 * CustomsError declaration may wait for its fix, how long a Validated one may wait for Submit,
 * how long pre-lodged goods may take to arrive (a pre-lodged declaration lapses when the goods are
 * not presented within 30 days, Union Customs Code article 172) and how long an excise movement may wait
 * for its report of receipt (EMCS: 5 working days after delivery, taken as 7 days).
 * Supervisors edit them; the BFF stores them for every replica; the dashboard counts breaches and
 * My work shows each declaration's due time from them.
 */
const minutes = (max: number) => z.number().int().min(1).max(max);

export const slaTargetsSchema = z.object({
  acceptanceMinutes: minutes(7 * 24 * 60),
  releaseMinutes: minutes(30 * 24 * 60),
  fixInvalidMinutes: minutes(30 * 24 * 60),
  submitValidatedMinutes: minutes(30 * 24 * 60),
  arrivalMinutes: minutes(90 * 24 * 60),
  receiptMinutes: minutes(90 * 24 * 60),
});
export type SlaTargets = z.infer<typeof slaTargetsSchema>;

export const DEFAULT_SLA_TARGETS: SlaTargets = {
  acceptanceMinutes: 5,
  releaseMinutes: 30,
  fixInvalidMinutes: 4 * 60,
  submitValidatedMinutes: 60,
  arrivalMinutes: 30 * 24 * 60,
  receiptMinutes: 7 * 24 * 60,
};

/** What GET /api/sla-targets answers: the targets in force and who set them last (none: the defaults). */
export const slaTargetsStateSchema = z.object({
  targets: slaTargetsSchema,
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type SlaTargetsState = z.infer<typeof slaTargetsStateSchema>;

/** Labels of the targets, for the settings form and the dashboard. */
export const SLA_TARGET_LABELS: Record<keyof SlaTargets, string> = {
  acceptanceMinutes: 'Lodgement to acceptance',
  releaseMinutes: 'Lodgement to release',
  fixInvalidMinutes: 'Fix an Invalid or Customs error declaration',
  submitValidatedMinutes: 'Submit a Validated declaration',
  arrivalMinutes: 'Pre-lodged goods arrive',
  receiptMinutes: 'Excise report of receipt',
};
