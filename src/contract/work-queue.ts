import { z } from 'zod';
import type { DeclarationSummary } from './declarations.js';
import type { SlaTargets } from './sla-targets.js';

/**
 * THE rule of which declarations need someone's action, and which service-level target applies
 * (issue 25, My work): Invalid and CustomsError wait for a fix, Validated for Submit, an accepted
 * pre-lodged declaration for its goods to arrive (Goods arrived), an accepted inbound excise
 * movement for the consignee's report of receipt. Anything else waits for customs or is done.
 */
const WORK_NEED_NAMES = ['fix', 'submit', 'arrival', 'receipt'] as const;
type WorkNeed = (typeof WORK_NEED_NAMES)[number];

export const WORK_NEEDS: Readonly<Record<WorkNeed, { label: string; target: keyof SlaTargets }>> = {
  fix: { label: 'Fix the errors', target: 'fixInvalidMinutes' },
  submit: { label: 'Submit', target: 'submitValidatedMinutes' },
  arrival: { label: 'Goods to arrive', target: 'arrivalMinutes' },
  receipt: { label: 'Report of receipt', target: 'receiptMinutes' },
};

/** The statuses to search for: every declaration needing action is in one of them (the rule then decides). */
export const WORK_STATUSES = ['Invalid', 'CustomsError', 'Validated', 'Accepted', 'Alerted'] as const;

/** The sandbox names the pre-lodge step "Pre-lodge"; the service's step names vary by flow, so any spelling of pre-lodge counts. */
const PRE_LODGE_STEP = /pre-?lodg/i;

type WorkFacts = Pick<DeclarationSummary, 'currentStatus' | 'customsFlowStep' | 'arc' | 'direction'>;

/** What the declaration waits for from the team, or undefined when it waits for no one here. */
export function workNeed(d: WorkFacts): WorkNeed | undefined {
  switch (d.currentStatus) {
    case 'Invalid':
    case 'CustomsError':
      return 'fix';
    case 'Validated':
      return 'submit';
    case 'Accepted':
    case 'Alerted':
      // An e-AD (it has an ARC) coming in waits for our report of receipt (Alerted still counts as open).
      if (d.arc !== null && d.direction === 'IN') return 'receipt';
      if (d.currentStatus === 'Accepted' && PRE_LODGE_STEP.test(d.customsFlowStep)) return 'arrival';
      return undefined;
    default:
      return undefined;
  }
}

/** When the declaration's action is due: the time it entered its status plus the need's target. */
export const dueAt = (need: WorkNeed, enteredStatusAt: string, targets: SlaTargets): string =>
  new Date(Date.parse(enteredStatusAt) + targets[WORK_NEEDS[need].target] * 60_000).toISOString();

const personRefSchema = z.object({ sub: z.string(), name: z.string() });

/** One declaration needing action, as GET /api/my-work and GET /api/work-queue return it. */
export const workItemSchema = z.object({
  declarationId: z.string(),
  lrn: z.string(),
  externalReference: z.string(),
  currentStatus: z.string(),
  customsFlow: z.string(),
  jurisdiction: z.string(),
  need: z.enum(WORK_NEED_NAMES),
  /** When it entered its status: from the BFF's status events, else the declaration's last update. */
  enteredStatusAt: z.string(),
  enteredStatusFrom: z.enum(['event', 'lastUpdated']),
  dueAt: z.string(),
  /** null: no one owns it (the unassigned pile). */
  owner: personRefSchema.nullable(),
});
export type WorkItem = z.infer<typeof workItemSchema>;

/** Oldest in its status first. */
export const workQueueSchema = z.object({
  items: z.array(workItemSchema),
  /** false when the service's search had more declarations needing action than the BFF reads at once. */
  complete: z.boolean(),
});
export type WorkQueue = z.infer<typeof workQueueSchema>;

/** Whether the item is past its due time at `now` (ms). */
export const isOverdue = (item: Pick<WorkItem, 'dueAt'>, now: number): boolean => Date.parse(item.dueAt) < now;
