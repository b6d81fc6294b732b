import { z } from 'zod';
import { addMessages } from './plain-data.js';
import { jurisdictionSchema, type Jurisdiction } from './scopes.js';
import { ISO_COUNTRY_CODES } from './code-lists/countries.js';
import { CLASSIFICATION_LIMITS } from './classification-limits.js';
import { CODE_FORMAT_HINTS, CODE_PATTERNS, isCodeValidFor, normaliseCode } from './commodity-code.js';

/**
 * Classification resources of the service (specification: Classification item, Classification
 * run, Endpoints > Classification). Request schemas are strict where the specification rules;
 * response schemas are lenient (looseObject), as later releases may add fields.
 * Items beyond the specification's fields (creationDate, lastUpdated, hasBetterSuggestion,
 * image fileName/contentType) are sandbox additions the console may show.
 */

export { jurisdictionSchema, type Jurisdiction };
// In modules of their own so that the console's first screen (search filters, formatting) uses them without these schemas.
export { CLASSIFICATION_LIMITS, CODE_FORMAT_HINTS, CODE_PATTERNS, isCodeValidFor, normaliseCode };

/** Content types of raw image uploads (specification, Raw image upload). */
export const IMAGE_UPLOAD_CONTENT_TYPES = [
  'application/octet-stream',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/bmp',
  'application/pdf',
] as const;
export const imageUploadContentTypeSchema = z.enum(IMAGE_UPLOAD_CONTENT_TYPES);
export type ImageUploadContentType = z.infer<typeof imageUploadContentTypeSchema>;

const nonBlank = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    .refine((s) => s.trim().length > 0, 'Must not be blank.');

/** ISO 3166-1 alpha-2, upper case: an assigned code, not any two letters. */
export const originSchema = z
  .string()
  .refine((code) => ISO_COUNTRY_CODES.has(code), 'Must be an ISO 3166-1 alpha-2 country code (two upper-case letters, e.g. DE).');

export const externalReferenceSchema = nonBlank(CLASSIFICATION_LIMITS.externalReferenceMaxLength);
export const descriptionSchema = nonBlank(CLASSIFICATION_LIMITS.descriptionMaxLength);

/** Image input by url: fetched once, not kept; fileName defaults to the last url segment. */
export const imageUrlInputSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'Must be an http or https URL.' }),
  fileName: z.string().max(CLASSIFICATION_LIMITS.fileNameMaxLength).optional(),
});

/** Inline image input. */
export const imageInlineInputSchema = z.strictObject({
  contentType: imageUploadContentTypeSchema,
  contentBase64: z
    .string()
    .min(1, 'Must not be empty.')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be base64 (RFC 4648, no line breaks).')
    .refine((s) => s.length % 4 === 0, 'Base64 length must be a multiple of 4.'),
  fileName: nonBlank(CLASSIFICATION_LIMITS.fileNameMaxLength),
});

export const imageInputSchema = z.union([imageUrlInputSchema, imageInlineInputSchema]);
export type ImageInput = z.infer<typeof imageInputSchema>;
export type ImageUrlInput = z.infer<typeof imageUrlInputSchema>;
export type ImageInlineInput = z.infer<typeof imageInlineInputSchema>;

/** Assigned classification entry: jurisdiction, code in that jurisdiction's format, optional comment. */
export const assignedClassificationSchema = z
  .strictObject({
    jurisdiction: jurisdictionSchema,
    code: z.string(),
    comment: z.string().max(CLASSIFICATION_LIMITS.commentMaxLength).optional(),
  })
  .superRefine((v, ctx) => {
    if (!isCodeValidFor(v.jurisdiction, v.code)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: `${v.jurisdiction} codes have ${CODE_FORMAT_HINTS[v.jurisdiction]}.` });
    }
  });
export type AssignedClassification = z.infer<typeof assignedClassificationSchema>;

/** Item creation body. externalReference and description are required (sandbox default: the specification does not show required flags). */
export const classificationItemCreateSchema = z
  .strictObject({
    externalReference: externalReferenceSchema,
    description: descriptionSchema,
    origin: originSchema.nullish(),
    images: z
      .array(imageInputSchema)
      .max(CLASSIFICATION_LIMITS.imagesPerRequest, `At most ${CLASSIFICATION_LIMITS.imagesPerRequest} images per request.`)
      .default([]),
    assignedClassifications: z.array(assignedClassificationSchema).default([]),
  })
  .superRefine((v, ctx) => {
    for (const [path, message] of Object.entries(duplicateJurisdictionErrors(v.assignedClassifications))) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message: message[0] ?? '' });
    }
  });

/**
 * At most one assigned classification per jurisdiction. Works on unvalidated input too, so the
 * sandbox reports it together with every other problem of the body.
 */
export function duplicateJurisdictionErrors(assigned: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!Array.isArray(assigned)) return out;
  const seen = new Set<string>();
  assigned.forEach((entry: unknown, i) => {
    const parsed = z.object({ jurisdiction: z.string() }).safeParse(entry);
    if (!parsed.success) return;
    const j = parsed.data.jurisdiction;
    if (seen.has(j))
      out[`assignedClassifications.${i}.jurisdiction`] = [`At most one assigned classification per jurisdiction (${j} repeats).`];
    seen.add(j);
  });
  return out;
}
export type ClassificationItemCreate = z.input<typeof classificationItemCreateSchema>;

/** PatchClassificationItem (JSON Merge Patch): absent stays, value overrides, null clears. externalReference cannot be cleared. */
export const PATCHABLE_FIELDS = ['externalReference', 'description', 'origin'] as const;
export const classificationItemPatchSchema = z.strictObject({
  externalReference: externalReferenceSchema.optional(),
  description: descriptionSchema.nullable().optional(),
  origin: originSchema.nullable().optional(),
});
export type ClassificationItemPatch = z.infer<typeof classificationItemPatchSchema>;

/** Image entry inside an item: the identifier (plus name and type, sandbox addition). */
export const itemImageSchema = z.looseObject({ imageId: z.string(), fileName: z.string().optional(), contentType: z.string().optional() });

export const classificationItemSchema = z.looseObject({
  id: z.uuid(),
  externalReference: z.string(),
  description: z.string().nullable().optional(),
  origin: z.string().nullable().optional(),
  images: z.array(itemImageSchema),
  assignedClassifications: z.array(z.looseObject({ jurisdiction: jurisdictionSchema, code: z.string(), comment: z.string().optional() })),
  hasBetterSuggestion: z.boolean().optional(),
  creationDate: z.string().optional(),
  lastUpdated: z.string().optional(),
});
export type ClassificationItem = z.infer<typeof classificationItemSchema>;

/** Response of a raw image upload. For a PDF the sandbox answers with the first page and lists every page in `pages`. */
export const addImageResultSchema = z.looseObject({ imageId: z.string(), itemId: z.uuid(), fileName: z.string(), contentType: z.string() });
export type AddImageResult = z.infer<typeof addImageResultSchema>;
export const addImageResponseSchema = addImageResultSchema.extend({ pages: z.array(addImageResultSchema).optional() });
export type AddImageResponse = z.infer<typeof addImageResponseSchema>;

/** Search query (strings as in the URL). */
export const classificationSearchQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number().int().min(1).max(2_147_483_647).default(CLASSIFICATION_LIMITS.searchDefaultLimit),
  externalReference: z.string().min(1).optional(),
  creationDateFrom: z.iso.datetime({ offset: true }).optional(),
  creationDateTo: z.iso.datetime({ offset: true }).optional(),
  lastUpdatedFrom: z.iso.datetime({ offset: true }).optional(),
  lastUpdatedTo: z.iso.datetime({ offset: true }).optional(),
  hasBetterSuggestion: z
    .enum(['true', 'false'], { error: 'Must be true or false.' })
    .transform((s) => s === 'true')
    .optional(),
});
export type ClassificationSearchQuery = z.infer<typeof classificationSearchQuerySchema>;

export const classificationSearchResultItemSchema = z.looseObject({
  id: z.uuid(),
  externalReference: z.string(),
  description: z.string().nullable().optional(),
  origin: z.string().nullable().optional(),
});
/** One page; links are path URLs (sandbox: relative to the service base, e.g. /v1/classifications/items/search?offset=50&limit=50). */
export const classificationSearchResultSchema = z.looseObject({
  data: z.array(classificationSearchResultItemSchema),
  links: z.looseObject({ self: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
});
export type ClassificationSearchResult = z.infer<typeof classificationSearchResultSchema>;

/** Start body: jurisdiction required, code optional (verified in addition to the engine's own proposals). */
export const startClassificationSchema = z
  .strictObject({ jurisdiction: jurisdictionSchema, code: z.string().optional() })
  .superRefine((v, ctx) => {
    if (v.code !== undefined && !isCodeValidFor(v.jurisdiction, v.code)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: `${v.jurisdiction} codes have ${CODE_FORMAT_HINTS[v.jurisdiction]}.` });
    }
  });
export type StartClassification = z.infer<typeof startClassificationSchema>;

export const RUN_STATUSES = ['Pending', 'Processing', 'Completed', 'Error'] as const;
export const runStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof runStatusSchema>;

export const startClassificationResponseSchema = z.looseObject({
  classificationId: z.uuid(),
  itemId: z.uuid(),
  status: z.literal('Pending'),
});

export const classificationOptionSchema = z.looseObject({ code: z.string(), score: z.number().min(0).max(10), explanation: z.string() });
export const rulingReferenceSchema = z.looseObject({ commodityCode: z.string(), url: z.string(), text: z.string() });
export const classificationResultSchema = z.looseObject({
  notes: z.string(),
  options: z.array(classificationOptionSchema),
  rulingReferences: z.array(rulingReferenceSchema),
});
export type ClassificationResult = z.infer<typeof classificationResultSchema>;

/**
 * Run notes (sandbox rule). The specification's result has only `notes`, `options` and
 * `rulingReferences`, so the sandbox reports the thin-description advice and the verification of
 * the start body's `code` in `notes`, one note per line, each starting with a fixed prefix
 * clients may look for. A service answer without them (one plain note) still reads as general notes.
 */
export const RUN_NOTE_PREFIXES = {
  /** The description is too thin for a reliable code; the line says what to add. */
  thin: 'Description too thin for a reliable code:',
  /** Verification of the requested code; then "is supported", "is not supported" or "is not in the nomenclature". */
  requestedCode: 'The requested code ',
} as const;

export const classificationRunSchema = z.looseObject({
  classificationId: z.uuid(),
  itemId: z.uuid(),
  status: runStatusSchema,
  jurisdiction: jurisdictionSchema.optional(),
  code: z.string().optional(),
  result: classificationResultSchema.optional(),
  errorCode: z.string().optional(),
  message: z.string().optional(),
});
export type ClassificationRun = z.infer<typeof classificationRunSchema>;

/** RFC 9457 problem of the classification endpoints: errors maps a field (dotted path) to its messages. */
export const classificationProblemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ClassificationProblem = z.infer<typeof classificationProblemSchema>;

/** Zod issues as an RFC 9457 errors map (dotted field paths, every problem at once). */
export function zodErrorsMap(error: z.ZodError, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[]): void => {
    for (const issue of issues) {
      const full = [...base, ...issue.path];
      const path = [prefix, ...full.map(String)].filter(Boolean).join('.');
      if (issue.code === 'invalid_union' && issue.errors.length > 0) {
        // Report the branch the input came closest to (e.g. an inline image missing its fileName).
        const rank = (branch: readonly z.core.$ZodIssue[]): number =>
          branch.length + (branch.some((i) => i.code === 'unrecognized_keys') ? 100 : 0);
        const closest = [...issue.errors].sort((a, b) => rank(a) - rank(b))[0] ?? [];
        add(closest, full);
        continue;
      }
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) addMessages(out, [path, key].filter(Boolean).join('.'), 'Unknown field.');
        continue;
      }
      const message = issue.code === 'invalid_type' && issue.input === undefined ? 'Required.' : issue.message;
      addMessages(out, path || '(body)', message);
    }
  };
  add(error.issues, []);
  return out;
}
