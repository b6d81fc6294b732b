import { z } from 'zod';
import { roleSchema } from './user-claims.js';
import { declarationSearchResultSchema } from './declarations.js';

/**
 * Work ownership (issue 25): who owns a declaration. The service has no such field, so the BFF
 * keeps it (one owner per declaration, shared by every replica) with the history of each change.
 * Clerks assign to themselves only; supervisors assign to anyone the BFF has seen sign in.
 */

const declarationId = z.string().min(1).max(200);
const sub = z.string().min(1).max(200);

/** The path parameter of PUT and DELETE /api/assignments/{declarationId}. */
export const assignmentParamsSchema = z.object({ declarationId });

/** The current owner of a declaration. */
export const assignmentSchema = z.object({
  declarationId: z.string(),
  ownerSub: z.string(),
  ownerName: z.string(),
  assignedByName: z.string(),
  /** ISO 8601. */
  assignedAt: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const ASSIGNMENT_ACTIONS = ['assigned', 'reassigned', 'unassigned'] as const;
export type AssignmentAction = (typeof ASSIGNMENT_ACTIONS)[number];

/** One change of ownership, for the declaration's history. */
const assignmentChangeSchema = z.object({
  id: z.number().int(),
  declarationId: z.string(),
  action: z.enum(ASSIGNMENT_ACTIONS),
  /** The new owner; null when unassigned. */
  ownerName: z.string().nullable(),
  /** The owner before; null when there was none. */
  previousOwnerName: z.string().nullable(),
  byName: z.string(),
  at: z.string(),
});
export type AssignmentChange = z.infer<typeof assignmentChangeSchema>;

/** GET /api/assignments: by declaration (repeatable, up to a page of the search) or by owner's sub; neither: every assignment. */
export const assignmentsQuerySchema = z.object({
  declarationId: z
    .union([declarationId, z.array(declarationId).max(200)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  owner: sub.optional(),
});

export const assignmentListSchema = z.object({ assignments: z.array(assignmentSchema) });

/** GET /api/assignments/{declarationId}/history, newest first. */
export const assignmentHistorySchema = z.object({ changes: z.array(assignmentChangeSchema) });

/** PUT /api/assignments/{declarationId}. */
export const assignRequestSchema = z.strictObject({ ownerSub: sub });

const BULK_ASSIGN_MAX = 100;

/** POST /api/assignments/bulk: assign (ownerSub) or unassign (null) up to a page of declarations at once. */
export const bulkAssignRequestSchema = z.strictObject({
  declarationIds: z.array(declarationId).min(1).max(BULK_ASSIGN_MAX),
  ownerSub: sub.nullable(),
});

/** Per declaration: what became of it (a clerk may not take one someone else owns). */
export const bulkAssignResultSchema = z.object({
  results: z.array(z.object({ declarationId: z.string(), ok: z.boolean(), detail: z.string().optional() })),
});
export type BulkAssignResult = z.infer<typeof bulkAssignResultSchema>;

/** A person the BFF has seen sign in: the supervisors' person picker. */
export const personSchema = z.object({ sub: z.string(), name: z.string(), roles: z.array(roleSchema), lastSeenAt: z.string() });
export type Person = z.infer<typeof personSchema>;
export const peopleListSchema = z.object({ people: z.array(personSchema) });

/** GET /api/people/me: the signed-in user as the BFF identifies them (the sub to assign "to me"). */
export const meSchema = personSchema.omit({ lastSeenAt: true });

/**
 * The declarations search's Owner filter (GET /api/declarations/by-owner?owner=): the signed-in
 * user (`me`), nobody (`unassigned`), or a person by their sub.
 */
export const OWNER_ME = 'me';
export const OWNER_UNASSIGNED = 'unassigned';
export const ownerFilterSchema = sub;
export const ownerSearchParamsSchema = z.object({ owner: ownerFilterSchema });

/**
 * A page of the declarations that match the search's filters and the owner. `complete` is false
 * when the BFF stopped reading the service's search before it could fill the page (it reads a
 * bounded number of declarations per answer: `scanned`); narrowing the other filters helps.
 */
export const ownerSearchResultSchema = z.object({
  declarations: declarationSearchResultSchema,
  complete: z.boolean(),
  scanned: z.number().int().nonnegative(),
});
export type OwnerSearchResult = z.infer<typeof ownerSearchResultSchema>;
