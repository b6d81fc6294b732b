import { z } from 'zod';
import { approvalPolicySchema, matchedFactSchema } from './approval-policy.js';
import { roleSchema } from './user-claims.js';

/**
 * Four-eyes approvals (the BFF's /api/approvals, docs/approvals.md). A guarded write is kept as a
 * request: `pending` until someone decides; `sending` while the approved call is with the service
 * (claimed once, never sent twice); `sent` when the service answered 2xx, `failed` when it
 * answered otherwise or could not be reached (the call is not repeated: ask again);
 * `rejected`, `withdrawn` by the requester, `expired` when nobody decided in time.
 */
export const APPROVAL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'rejected', 'withdrawn', 'expired'] as const;
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

const personSchema = z.object({ sub: z.string(), name: z.string() });
export type ApprovalPerson = z.infer<typeof personSchema>;

export const approvalRequestSchema = z.object({
  id: z.string(),
  /** The policy table's key, e.g. `POST /v1/declarations/{declarationId}/submit`. */
  operation: z.string(),
  declarationId: z.string(),
  /** The service path the call goes to once approved. */
  path: z.string(),
  requester: personSchema.extend({ roles: z.array(roleSchema) }),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Seconds since it was asked for, when the list was read. */
  ageSeconds: z.number().int().nonnegative(),
  status: approvalStatusSchema,
  /** The rule that held it, as it was then. */
  rule: z.object({ index: z.number().int(), description: z.string().nullable(), approverRoles: z.array(roleSchema) }),
  /** The facts the rule matched on. */
  facts: z.array(matchedFactSchema),
  /** Who approved, rejected or withdrew it, when and why. */
  decision: z.object({ by: personSchema, at: z.string(), comment: z.string().nullable() }).nullable(),
  /** The service's answer to the approved call (null until sent, or when it could not be reached). */
  upstreamStatus: z.number().int().nullable(),
  referenceId: z.string().nullable(),
  /** Why a sent call failed, in the service's words. */
  outcomeDetail: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** GET /api/approvals: pending first (oldest first), then the decided ones, newest first. */
export const approvalListSchema = z.object({
  requests: z.array(approvalRequestSchema),
  /** Who asked for the list, as the BFF knows them: the console shows Withdraw on their own requests and Approve on the others'. */
  viewer: z.object({ sub: z.string() }),
});
export type ApprovalList = z.infer<typeof approvalListSchema>;

export const approvalListQuerySchema = z.object({
  declarationId: z.string().min(1).max(200).optional(),
  status: approvalStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** The 202 answer to a guarded write: nothing was sent to the service. */
export const approvalHeldSchema = z.object({
  approvalRequestId: z.string(),
  status: z.literal('pending'),
  operation: z.string(),
  declarationId: z.string(),
  expiresAt: z.string(),
  detail: z.string(),
});
export type ApprovalHeld = z.infer<typeof approvalHeldSchema>;

/** Body of POST /api/approvals/{id}/approve (comment optional) and /reject (comment required). */
export const approvalDecisionBodySchema = z.object({ comment: z.string().trim().max(2000).optional() });
export const rejectionBodySchema = z.object({
  comment: z.string().trim().min(1, 'Say why it is rejected: the requester reads it.').max(2000),
});

/** The answer to approve, reject and withdraw: the request as it is now. */
export const approvalDecisionAnswerSchema = z.object({ request: approvalRequestSchema });

/** GET /api/approvals/policy: the policy in force, read-only for everyone. */
export const approvalPolicyAnswerSchema = z.object({ policy: approvalPolicySchema, expiryHours: z.number() });
export type ApprovalPolicyAnswer = z.infer<typeof approvalPolicyAnswerSchema>;
