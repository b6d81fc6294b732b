import { z } from 'zod';

/**
 * What became of an audited write: `pending` while it is with the service (the intent is written
 * before forwarding); `answered` the service answered (upstreamStatus); `refused` the console
 * refused it without forwarding (role, body size: status); `unreachable` the service could not
 * be reached; `unknown` an intent never completed (the console stopped while the call was in
 * flight: the service may or may not have acted); `held` the console kept it for a second
 * person's approval (nothing was sent; the approved call is audited on its own, with `approvedBy`).
 */
export const AUDIT_OUTCOMES = ['pending', 'answered', 'refused', 'unreachable', 'unknown', 'held'] as const;
export const auditOutcomeSchema = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>;

/** One audited write, as the BFF's GET /api/audit returns it (the console's timeline combines these with /api/events). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, when the upstream answered (or failed, or the console refused); while pending, when it was sent. */
  time: z.string(),
  sub: z.string(),
  name: z.string(),
  /** The user's console roles, space-separated. */
  role: z.string(),
  method: z.string(),
  /** Upstream path without the query, e.g. /v1/declarations/123/submit. */
  path: z.string(),
  operation: z.string(),
  /** null when the service could not be reached. */
  upstreamStatus: z.number().int().nullable(),
  /** From a 202 JSON body when present. */
  referenceId: z.string().nullable(),
  requestId: z.string(),
  outcome: auditOutcomeSchema,
  /** The status the console answered the browser with (null while pending or unknown). */
  status: z.number().int().nullable(),
  /** A call held for approval and sent on approval: the approver (sub and name are the requester's). */
  approvedBy: z.object({ sub: z.string(), name: z.string() }).nullable().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit. */
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditList = z.infer<typeof auditListSchema>;
