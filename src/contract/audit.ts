import { z } from 'zod';

/** One audited write, as the BFF's GET /api/audit returns it (the console's timeline combines these with /api/events). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, when the upstream answered (or failed). */
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
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit. */
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditList = z.infer<typeof auditListSchema>;
