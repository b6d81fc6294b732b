import { z } from 'zod';
import type { DeclarationStatus } from './declaration-statuses.js';
import { fieldReferenceSchema } from './declarations.js';

/**
 * The supervisors' review desk (issue 18): the BFF's own endpoints under /api/review. The
 * service's search neither filters by error code nor returns errors, so the BFF keeps an index of
 * the errors of every declaration in Invalid or CustomsError.
 */

/** Statuses whose declarations carry errors worth reviewing (specification, Errors: asynchronous errors). */
export const REVIEW_STATUSES = ['Invalid', 'CustomsError'] as const satisfies readonly DeclarationStatus[];
export const isReviewStatus = (status: string): boolean => (REVIEW_STATUSES as readonly string[]).includes(status);

/** V-prefixed codes are the service's own validation; every other code is a customs authority's. */
export type ErrorCodeKind = 'validation' | 'customs';
export const errorCodeKind = (code: string): ErrorCodeKind => (/^V/i.test(code) ? 'validation' : 'customs');

/** One error code across the indexed declarations. */
export const errorGroupSchema = z.object({
  errorCode: z.string(),
  kind: z.enum(['validation', 'customs']),
  message: z.string(),
  /** Distinct field paths the code points at, sorted. */
  fields: z.array(z.string()),
  /** Distinct customs flows it occurs in, sorted. */
  flows: z.array(z.string()),
  /** Declarations that have it. */
  declarations: z.number().int(),
});
export type ErrorGroup = z.infer<typeof errorGroupSchema>;

/** A rebuild of the index by walking the service's search pages (progress for the desk). */
export const rebuildJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'done', 'failed']),
  startedAt: z.string(),
  startedBy: z.string(),
  finishedAt: z.string().nullable(),
  /** Search pages read so far. */
  pages: z.number().int(),
  /** Declarations in Invalid or CustomsError found so far. */
  found: z.number().int(),
  /** Of those, read with include=errors and indexed. */
  indexed: z.number().int(),
  error: z.string().nullable(),
});
export type RebuildJob = z.infer<typeof rebuildJobSchema>;

/** GET /api/review: the groups, largest first, and the latest rebuild. */
export const reviewSummarySchema = z.object({
  groups: z.array(errorGroupSchema),
  /** Declarations in the index (with at least one error). */
  declarations: z.number().int(),
  rebuild: rebuildJobSchema.nullable(),
  /**
   * The index holds every declaration: it was built after the console last missed the service's
   * events (false on a fresh install until the first build, which the BFF starts by itself).
   */
  complete: z.boolean(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** One declaration with a given error code, and where the code points in it. */
export const errorGroupDeclarationSchema = z.object({
  declarationId: z.string(),
  lrn: z.string(),
  currentStatus: z.string(),
  customsFlow: z.string(),
  fieldReference: z.array(fieldReferenceSchema),
});
export type ErrorGroupDeclaration = z.infer<typeof errorGroupDeclarationSchema>;

/** GET /api/review/codes/{errorCode}. */
export const errorGroupDetailSchema = z.object({ errorCode: z.string(), declarations: z.array(errorGroupDeclarationSchema) });
export type ErrorGroupDetail = z.infer<typeof errorGroupDetailSchema>;

/** A team note on an error code ("how we fixed V1003"). */
export const errorNoteSchema = z.object({
  id: z.number().int(),
  errorCode: z.string(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type ErrorNote = z.infer<typeof errorNoteSchema>;
export const errorNoteListSchema = z.object({ notes: z.array(errorNoteSchema) });

export const ERROR_CODE_MAX = 64;
export const NOTE_TEXT_MAX = 4000;
export const errorCodeParamSchema = z.string().trim().min(1).max(ERROR_CODE_MAX);

/** POST /api/review/notes. */
export const newErrorNoteSchema = z.object({
  errorCode: errorCodeParamSchema,
  text: z.string().trim().min(1, 'Write the note first.').max(NOTE_TEXT_MAX, `At most ${NOTE_TEXT_MAX} characters.`),
});
export type NewErrorNote = z.infer<typeof newErrorNoteSchema>;

/** GET /api/review/notes?errorCode=a&errorCode=b: notes of these codes (a declaration's), newest first. */
export const errorNotesQuerySchema = z.object({
  errorCode: z
    .union([errorCodeParamSchema, z.array(errorCodeParamSchema)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(errorCodeParamSchema).min(1).max(50)),
});

/** Bulk actions run from the browser; the BFF records them. Invalidate stays one at a time. */
export const BULK_ACTIONS = ['validate', 'submit'] as const;
export const bulkActionSchema = z.enum(BULK_ACTIONS);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** `held`: kept by the four-eyes policy for a supervisor's approval (docs/approvals.md). */
export const BULK_OUTCOMES = ['accepted', 'skipped', 'failed', 'cancelled', 'held'] as const;
export const bulkRowOutcomeSchema = z.object({
  declarationId: z.string().min(1).max(200),
  outcome: z.enum(BULK_OUTCOMES),
  /** Why skipped or failed; the service's answer. */
  detail: z.string().max(500).optional(),
});
export type BulkRowOutcome = z.infer<typeof bulkRowOutcomeSchema>;

export const BULK_RUN_MAX_ROWS = 1000;

/** POST /api/review/bulk-runs: a finished (or cancelled) run. */
export const newBulkRunSchema = z.object({
  action: bulkActionSchema,
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }),
  cancelled: z.boolean(),
  rows: z.array(bulkRowOutcomeSchema).min(1).max(BULK_RUN_MAX_ROWS),
});
export type NewBulkRun = z.infer<typeof newBulkRunSchema>;

export const bulkRunSchema = newBulkRunSchema.extend({ id: z.number().int(), startedBy: z.string() });
export type BulkRun = z.infer<typeof bulkRunSchema>;
export const bulkRunListSchema = z.object({ runs: z.array(bulkRunSchema) });

/** A header or goods item change made through the console (the BFF keeps what was sent and the part it changes as read before). */
export const declarationChangeSchema = z.object({
  id: z.number().int(),
  declarationId: z.string(),
  /** governmentAgencyGoodsItemId; null for a header change or a new goods item. */
  itemId: z.string().nullable(),
  /** e.g. PATCH /v1/declarations/{declarationId}/items/{id}. */
  operation: z.string(),
  changedAt: z.string(),
  authorName: z.string(),
  sent: z.unknown(),
  /** null when the declaration could not be read before the change. */
  before: z.unknown(),
  upstreamStatus: z.number().int().nullable(),
});
export type DeclarationChange = z.infer<typeof declarationChangeSchema>;
export const declarationChangeListSchema = z.object({ changes: z.array(declarationChangeSchema) });
