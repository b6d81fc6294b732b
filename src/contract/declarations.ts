import { z } from 'zod';
import { DECLARATION_STATUSES, type DeclarationStatus } from './declaration-statuses.js';
import { directionSchema, goodsItemSchema, singleAdministrativeDocumentSchema } from './customs-shipment.js';

/**
 * Declarations (specification, Resources: Declaration; Endpoints: Declarations).
 * Statuses are an open string in the service; the ones the sandbox produces, their meaning and
 * whether goods items may change are THE status table in declaration-statuses.ts.
 */
export { DECLARATION_STATUSES, EDITABLE_STATUSES } from './declaration-statuses.js';
export type KnownDeclarationStatus = DeclarationStatus;
/** Open (the service may report any status); the table's names are its documented examples. */
export const declarationStatusSchema = z
  .string()
  .min(1)
  .meta({ examples: [...DECLARATION_STATUSES] });

export const fieldReferenceSchema = z.looseObject({ fieldName: z.string(), path: z.string() });

/** errorCode: V-prefixed codes are internal validation errors, other codes come from customs authorities. */
export const declarationErrorSchema = z.looseObject({
  errorCode: z.string(),
  message: z.string(),
  description: z.string().optional(),
  fieldReference: z.array(fieldReferenceSchema).default([]),
});
export type DeclarationError = z.infer<typeof declarationErrorSchema>;

export const attachmentSchema = z.looseObject({ id: z.string(), documentType: z.string(), fileName: z.string() });
export type Attachment = z.infer<typeof attachmentSchema>;

/** 200 body of the attachment /url variants (specification, Attachments): a temporary download URL, not to be stored. */
export const attachmentUrlSchema = z.looseObject({ url: z.url() });
export type AttachmentUrl = z.infer<typeof attachmentUrlSchema>;

/** A goods item as read back: always with governmentAgencyGoodsItemId and casReference. */
export const declarationGoodsItemSchema = goodsItemSchema.extend({
  governmentAgencyGoodsItemId: z.string(),
  casReference: z.string(),
  /** 1-based position in the declaration. */
  sequenceNumber: z.number().int(),
});
export type DeclarationGoodsItem = z.infer<typeof declarationGoodsItemSchema>;

/** One element of GET /v1/declarations/search (sandbox shape; the specification does not show it). */
export const declarationSummarySchema = z.looseObject({
  declarationId: z.string(),
  currentStatus: declarationStatusSchema,
  mrn: z.string().nullable(),
  lrn: z.string(),
  arc: z.string().nullable(),
  ucr: z.string().nullable(),
  externalReference: z.string(),
  direction: directionSchema,
  customsFlow: z.string(),
  customsFlowStep: z.string(),
  jurisdiction: z.string(),
  storageLocation: z.string().nullable(),
  shipFrom: z.string().nullable(),
  shipTo: z.string().nullable(),
  hasErrors: z.boolean(),
  declarationDate: z.string().nullable(),
  creationDate: z.string(),
  lastUpdated: z.string(),
});
export type DeclarationSummary = z.infer<typeof declarationSummarySchema>;
export const declarationSearchResultSchema = z.array(declarationSummarySchema);

/** GET /v1/declarations/{declarationId}: the summary plus the document; errors and attachments only when included. */
export const declarationSchema = declarationSummarySchema.extend({
  customsShipmentReference: z.string(),
  customsFlowStepInstanceCount: z.number().int(),
  customsFlowStepInstanceSeq: z.number().int(),
  singleAdministrativeDocument: singleAdministrativeDocumentSchema.extend({
    goodsShipment: z.looseObject({ governmentAgencyGoodsItems: z.array(declarationGoodsItemSchema) }),
  }),
  errors: z.array(declarationErrorSchema).optional(),
  attachments: z.array(attachmentSchema).optional(),
});
export type Declaration = z.infer<typeof declarationSchema>;

export const DECLARATION_INCLUDES = ['errors', 'attachments'] as const;

/** include=errors,attachments (comma-separated or repeated). */
export const declarationIncludeSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    v === undefined
      ? []
      : (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
  )
  .pipe(z.array(z.enum(DECLARATION_INCLUDES)));

const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));
const dateTimeParam = z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()]).optional();

export const DECLARATION_SEARCH_MAX_LIMIT = 100;

/** Query of GET /v1/declarations/search (specification, Search query parameters). */
export const declarationSearchQuerySchema = z
  .looseObject({
    externalReference: z.string().optional(),
    direction: directionSchema.optional(),
    shipFrom: z.string().optional(),
    shipTo: z.string().optional(),
    lrn: z.string().optional(),
    mrn: z.string().optional(),
    arc: z.string().optional(),
    customsFlow: z.string().optional(),
    customsFlowStep: repeated,
    currentStatus: repeated,
    jurisdiction: repeated,
    storageLocation: repeated,
    ucr: z.string().optional(),
    declarationDateFrom: dateTimeParam,
    declarationDateTo: dateTimeParam,
    creationDateFrom: dateTimeParam,
    creationDateTo: dateTimeParam,
    lastUpdatedFrom: dateTimeParam,
    lastUpdatedTo: dateTimeParam,
    limit: z.coerce.number().int().min(1).max(DECLARATION_SEARCH_MAX_LIMIT).default(DECLARATION_SEARCH_MAX_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .superRefine((q, ctx) => {
    if (q.offset % q.limit !== 0)
      ctx.addIssue({ code: 'custom', path: ['offset'], message: `offset must be divisible by limit (${q.limit})` });
  });
export type DeclarationSearchQuery = z.infer<typeof declarationSearchQuerySchema>;
export type DeclarationSearchQueryInput = z.input<typeof declarationSearchQuerySchema>;

/**
 * PATCH /v1/declarations/{declarationId}: selective update model. Only fields present change;
 * null clears a field; goods items merge by casReference (see README).
 */
export const declarationPatchSchema = z.looseObject({
  singleAdministrativeDocument: singleAdministrativeDocumentSchema.nullish(),
  /** Accepted here too, like in the shipment (moved into singleAdministrativeDocument). */
  goodsShipment: singleAdministrativeDocumentSchema.shape.goodsShipment,
});
export type DeclarationPatch = z.infer<typeof declarationPatchSchema>;

/** POST .../items and PATCH .../items/{id}: one goods item. */
export const goodsItemPatchSchema = goodsItemSchema;

/** data of DeclarationStatusChanged (specification, Events; docs/service-facts.md 3.2 extras). */
export const declarationEventDataSchema = z.looseObject({
  id: z.string(),
  customsShipmentReference: z.string(),
  traderReference: z.string(),
  jurisdiction: z.string(),
  customsFlow: z.string(),
  customsFlowStep: z.string(),
  customsFlowStepInstanceCount: z.number().int(),
  customsFlowStepInstanceSeq: z.number().int(),
  mrn: z.string().nullable(),
  lrn: z.string(),
  declarationUrl: z.string(),
  currentStatus: z.string().optional(),
  storageLocation: z.string().nullable(),
});
export type DeclarationEventData = z.infer<typeof declarationEventDataSchema>;
