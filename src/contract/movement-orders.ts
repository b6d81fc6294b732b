import { z } from 'zod';
import { EXCISE_PRODUCTS, codesOf } from './code-lists/emcs.js';
import { ISO_COUNTRY_CODES } from './code-lists/countries.js';
import { isoTimestampSchema } from './formulas.js';

/**
 * Movement orders (specification, Resources: Movement order; Endpoints: Movement orders).
 * POST /v1/movementorders (create:wms) takes a MovementIngest; GET /v1/movementorders/{id}
 * (read:wms) returns the MovementOrder read model.
 *
 * `movementIngestSchema` is the structure (types, required fields): 400 when it fails.
 * `movementRuleErrors` holds the business rules, checked asynchronously by the service (the
 * order becomes Invalid with validationErrors) and by a console form before sending.
 */

export const MOVEMENT_TYPES = [
  { code: 'PROC', meaning: 'Production' },
  { code: 'UFOH', meaning: 'Usual form of handling' },
  { code: 'ADJP', meaning: 'Positive adjustment' },
  { code: 'ADJN', meaning: 'Negative adjustment' },
  { code: 'TRFA', meaning: 'Transfer between authorizations' },
  { code: 'TRFR', meaning: 'Transfer between storage locations in one authorization' },
  { code: 'TRFB', meaning: 'Transfer and blend' },
  { code: 'RFFC', meaning: 'Release for free circulation' },
  { code: 'DCSV', meaning: 'Removal by destruction under customs supervision' },
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number]['code'];

export const LINE_DIRECTIONS = ['In', 'Out', 'Transfer'] as const;
export const CUSTOMS_DESTINATIONS = [
  { code: 'HomeUse', meaning: 'Release for free circulation and home use (procedure 40)' },
  { code: 'PartialHomeUse', meaning: 'Release for free circulation with partial entry for home use (procedure 45)' },
] as const;
export const CUSTOMS_STATUSES = ['Free', 'Bonded'] as const;

/**
 * Categories of ADJP and ADJN on a tax warehouse, with the excise register column. `sign` is
 * the sandbox default inference of which adjustment a column belongs to: arrivals (3a, 3b, 3c)
 * add stock (ADJP), dispatch and export (5, 6) remove it (ADJN), an arrival correction is both.
 */
export const MOVEMENT_CATEGORIES = [
  { code: 'DepartureUnderSuspension', column: '5', meaning: 'Dispatch under suspension', types: ['ADJN'] },
  { code: 'Export', column: '6', meaning: 'Export', types: ['ADJN'] },
  { code: 'ReceivedUnderSuspension', column: '3b', meaning: 'Received under suspension', types: ['ADJP'] },
  { code: 'Production', column: '3a', meaning: 'Production', types: ['ADJP'] },
  { code: 'FictiveArrival', column: '3c', meaning: 'Fictive arrival', types: ['ADJP'] },
  { code: 'ArrivalCorrection', column: '±', meaning: 'Arrival correction (plus or minus)', types: ['ADJP', 'ADJN'] },
] as const satisfies readonly { code: string; column: string; meaning: string; types: readonly MovementType[] }[];

export const MOVEMENT_ORDER_STATUSES = [
  'Submitted',
  'Valid',
  'Invalid',
  'MissingDensity',
  'Processed',
  'ProcessingError',
  'Invalidating',
  'Invalidated',
  'InvalidationRejected',
] as const;
export const movementOrderStatusSchema = z.enum(MOVEMENT_ORDER_STATUSES);
export type MovementOrderStatus = z.infer<typeof movementOrderStatusSchema>;
/** The statuses that carry validationErrors (specification, MovementOrder). */
export const STATUSES_WITH_ERRORS: readonly MovementOrderStatus[] = ['Invalid', 'ProcessingError', 'InvalidationRejected'];

export const MOVEMENT_ORDER_LINE_LIMIT = 9999;

/** An additional quantity of a line in another unit (sandbox default shape: quantity and uom). */
export const additionalQuantitySchema = z.looseObject({ quantity: z.number(), uom: z.string() });

/** Result of a transfer and blend (sandbox default shape; the specification only names the object). */
export const blendResultSchema = z.looseObject({
  itemId: z.string().optional(),
  itemDescription: z.string().optional(),
  quantity: z.number().optional(),
  uom: z.string().optional(),
  exciseProductCode: z.string().optional(),
  asv: z.number().optional(),
});

export const movementLineSchema = z.looseObject({
  itemId: z.string(),
  itemDescription: z.string().optional(),
  direction: z.string(),
  serialBatchReference: z.string().optional(),
  quantity: z.number(),
  uom: z.string(),
  exciseProductCode: z.string().optional(),
  asv: z.number().optional(),
  storageLocationReference: z.string().optional(),
  authorizationId: z.string().optional(),
  receivingStorageLocationReference: z.string().optional(),
  receivingAuthorizationId: z.string().optional(),
  preferentialOriginCountry: z.string().optional(),
  nonPreferentialOriginCountry: z.string().optional(),
  blendResult: blendResultSchema.optional(),
  quantities: z.array(additionalQuantitySchema).optional(),
});
export type MovementLine = z.infer<typeof movementLineSchema>;

export const writeOffRuleSchema = z.looseObject({
  customsStatus: z.string().optional(),
  isOfPreferentialOrigin: z.boolean().optional(),
  preferentialOriginCountry: z.string().optional(),
  nonPreferentialOriginCountry: z.string().optional(),
  inboundDocRefNum: z.string().optional(),
  inboundFunctionRefNum: z.string().optional(),
});
export type WriteOffRule = z.infer<typeof writeOffRuleSchema>;

export const adjustmentDataSchema = z.looseObject({
  administrativeReferenceCode: z.string().optional(),
  arcSequenceNumber: z.number().int().optional(),
  docRefNum: z.string().optional(),
});

/** One movement of a MovementIngest. Required: timestamp, externalReference, movementType, movementLines. */
export const movementSchema = z.looseObject({
  timestamp: isoTimestampSchema,
  documentReference: z.string().optional(),
  externalReference: z.string().min(1, 'is required'),
  movementType: z.string(),
  externalMovementType: z.string().optional(),
  category: z.string().optional(),
  remark: z.string().optional(),
  customsDestination: z.string().optional(),
  adjustmentData: adjustmentDataSchema.optional(),
  writeOffRules: z.array(writeOffRuleSchema).optional(),
  movementLines: z.array(movementLineSchema),
});
export type Movement = z.infer<typeof movementSchema>;

export const movementIngestSchema = z.looseObject({
  version: z.string().optional(),
  movements: z.array(movementSchema).min(1, 'needs at least one movement'),
});
export type MovementIngest = z.infer<typeof movementIngestSchema>;

/** 202 of POST /v1/movementorders: the ingestion's reference; each movement becomes one order. */
export const movementIngestAcceptedSchema = z.looseObject({ referenceId: z.string().min(1) });

export const movementValidationErrorSchema = z.looseObject({ errorCode: z.string(), errorMessage: z.string() });
export type MovementValidationError = z.infer<typeof movementValidationErrorSchema>;

/**
 * Read model (GET /v1/movementorders/{id}). Besides the specification's fields the sandbox
 * returns `id` and `referenceId` (the ingestion it came from); clients ignore unknown fields.
 */
export const movementOrderSchema = z.looseObject({
  id: z.string(),
  referenceId: z.string().optional(),
  timestamp: z.string(),
  documentReference: z.string().optional(),
  externalReference: z.string(),
  type: z.string(),
  externalMovementType: z.string().optional(),
  status: movementOrderStatusSchema,
  category: z.string().optional(),
  remark: z.string().optional(),
  customsDestination: z.string().optional(),
  adjustmentData: adjustmentDataSchema.optional(),
  lines: z.array(movementLineSchema),
  writeOffRules: z.array(writeOffRuleSchema).optional(),
  validationErrors: z.array(movementValidationErrorSchema).optional(),
});
export type MovementOrder = z.infer<typeof movementOrderSchema>;

/** Event of every status change (sandbox default name); eventSubType is the new status. */
export const MOVEMENT_ORDER_EVENT_TYPE = 'MovementOrderStatusChanged';
export const movementOrderEventDataSchema = z.looseObject({
  id: z.string(),
  externalReference: z.string(),
  type: z.string(),
  status: movementOrderStatusSchema,
  ingestionReferences: z.array(z.string()),
  validationErrors: z.array(movementValidationErrorSchema).optional(),
});
export type MovementOrderEventData = z.infer<typeof movementOrderEventDataSchema>;

/** Units that give a weight, and units that give litres at 15 °C (EMCS measures energy products at 15 °C). */
export const WEIGHT_UOMS: ReadonlySet<string> = new Set(['KGM', 'TNE', 'DTN', 'GRM']);
export const LITRES_15_UOMS: ReadonlySet<string> = new Set(['LTR', 'L15', 'HLT']);

/** Validation codes of movement orders (sandbox defaults; V marks the service's own validations). */
export const MOVEMENT_ERROR_CODES = {
  movementType: 'V601',
  customsDestinationValue: 'V602',
  customsDestinationType: 'V603',
  writeOffRulesType: 'V604',
  customsStatus: 'V605',
  country: 'V606',
  receivingMissing: 'V607',
  receivingNotAllowed: 'V608',
  blendResult: 'V609',
  category: 'V610',
  direction: 'V611',
  quantity: 'V612',
  lineCount: 'V613',
  duplicateReference: 'V614',
  asv: 'V615',
  exciseProductCode: 'V616',
  writeOffRuleReference: 'V617',
  processing: 'P701',
  invalidation: 'P702',
} as const;

const TYPE_CODES: readonly string[] = MOVEMENT_TYPES.map((t) => t.code);
const EPC_CODES: ReadonlySet<string> = new Set(codesOf(EXCISE_PRODUCTS));
const DESTINATION_CODES: readonly string[] = CUSTOMS_DESTINATIONS.map((d) => d.code);
const WITH_DESTINATION: readonly string[] = ['RFFC', 'ADJN'];
const RECEIVING_TYPES: readonly string[] = ['TRFA', 'TRFR'];

/** One broken rule, with where it is in the movement (zod-style path) and a short text for that field. */
export interface MovementRuleIssue extends MovementValidationError {
  path: (string | number)[];
  /** The rule in a few words, for a message next to the field. */
  message: string;
}

/**
 * The business rules of one movement (specification, Movement order), as validation errors.
 * An empty result means the order is valid. Errors are per rule and line, capped at `limit`.
 */
export function movementRuleErrors(movement: Movement, limit = 100): MovementValidationError[] {
  return movementRuleIssues(movement, limit).map(({ errorCode, errorMessage }) => ({ errorCode, errorMessage }));
}

/** The same rules as `movementRuleErrors`, each with its path: what a form marks next to the field. */
export function movementRuleIssues(movement: Movement, limit = Number.POSITIVE_INFINITY): MovementRuleIssue[] {
  const issues: MovementRuleIssue[] = [];
  const add = (errorCode: string, path: (string | number)[], message: string, errorMessage: string) => {
    if (issues.length < limit) issues.push({ errorCode, errorMessage, path, message });
  };
  const c = MOVEMENT_ERROR_CODES;
  const type = movement.movementType;
  const country = (value: string | undefined, path: (string | number)[], where: string) => {
    if (value !== undefined && !ISO_COUNTRY_CODES.has(value))
      add(
        c.country,
        path,
        `${value} is not an ISO 3166-1 alpha-2 country code`,
        `${where}: ${value} is not an ISO 3166-1 alpha-2 country code.`,
      );
  };

  if (!TYPE_CODES.includes(type))
    add(
      c.movementType,
      ['movementType'],
      `must be one of ${TYPE_CODES.join(', ')}`,
      `movementType ${type} is not one of ${TYPE_CODES.join(', ')}.`,
    );
  if (movement.customsDestination !== undefined) {
    if (!DESTINATION_CODES.includes(movement.customsDestination)) {
      add(
        c.customsDestinationValue,
        ['customsDestination'],
        `must be one of ${DESTINATION_CODES.join(', ')}`,
        `customsDestination ${movement.customsDestination} is not one of ${DESTINATION_CODES.join(', ')}.`,
      );
    }
    if (!WITH_DESTINATION.includes(type))
      add(
        c.customsDestinationType,
        ['customsDestination'],
        'is only allowed for RFFC and ADJN',
        `customsDestination is only allowed for RFFC and ADJN, not for ${type}.`,
      );
  }
  const rules = movement.writeOffRules ?? [];
  if (rules.length > 0 && !WITH_DESTINATION.includes(type))
    add(
      c.writeOffRulesType,
      ['writeOffRules'],
      'are only allowed for RFFC and ADJN',
      `writeOffRules are only allowed for RFFC and ADJN, not for ${type}.`,
    );
  rules.forEach((rule, i) => {
    const at = ['writeOffRules', i];
    if (rule.customsStatus !== undefined && !(CUSTOMS_STATUSES as readonly string[]).includes(rule.customsStatus)) {
      add(
        c.customsStatus,
        [...at, 'customsStatus'],
        'must be Free or Bonded',
        `writeOffRules[${i}].customsStatus ${rule.customsStatus} is not Free or Bonded.`,
      );
    }
    country(rule.preferentialOriginCountry, [...at, 'preferentialOriginCountry'], `writeOffRules[${i}].preferentialOriginCountry`);
    country(rule.nonPreferentialOriginCountry, [...at, 'nonPreferentialOriginCountry'], `writeOffRules[${i}].nonPreferentialOriginCountry`);
    // The LRN identifies the inbound declaration "only when it was an EIDR with no MRN" (specification, Write-off rule).
    if (rule.inboundDocRefNum !== undefined && rule.inboundFunctionRefNum !== undefined) {
      add(
        c.writeOffRuleReference,
        [...at, 'inboundFunctionRefNum'],
        'is only for an inbound EIDR without MRN: give the MRN or the LRN, not both',
        `writeOffRules[${i}]: inboundFunctionRefNum (LRN) is only for an inbound EIDR with no MRN; give inboundDocRefNum or inboundFunctionRefNum, not both.`,
      );
    }
  });
  if (movement.category !== undefined) {
    const category = MOVEMENT_CATEGORIES.find((m) => m.code === movement.category);
    if (!category)
      add(
        c.category,
        ['category'],
        'is not a movement category',
        `category ${movement.category} is not one of ${MOVEMENT_CATEGORIES.map((m) => m.code).join(', ')}.`,
      );
    else if (!(category.types as readonly string[]).includes(type))
      add(
        c.category,
        ['category'],
        `is only allowed for ${category.types.join(' and ')}`,
        `category ${category.code} is only allowed for ${category.types.join(' and ')}, not for ${type}.`,
      );
  }

  const lines = movement.movementLines;
  if (lines.length === 0) add(c.lineCount, ['movementLines'], 'needs at least one line', 'movementLines needs at least one line.');
  if (lines.length > MOVEMENT_ORDER_LINE_LIMIT)
    add(
      c.lineCount,
      ['movementLines'],
      `holds at most ${MOVEMENT_ORDER_LINE_LIMIT} lines`,
      `movementLines holds at most ${MOVEMENT_ORDER_LINE_LIMIT} lines, not ${lines.length}.`,
    );
  let blends = 0;
  lines.forEach((line, i) => {
    const at = `movementLines[${i}]`;
    const path = (field: string) => ['movementLines', i, field];
    if (!(LINE_DIRECTIONS as readonly string[]).includes(line.direction))
      add(
        c.direction,
        path('direction'),
        `must be one of ${LINE_DIRECTIONS.join(', ')}`,
        `${at}.direction ${line.direction} is not one of ${LINE_DIRECTIONS.join(', ')}.`,
      );
    if (line.quantity === 0) add(c.quantity, path('quantity'), 'must not be zero', `${at}.quantity must not be zero.`);
    if (line.asv !== undefined && (line.asv < 0 || line.asv > 100))
      add(c.asv, path('asv'), 'must be between 0 and 100', `${at}.asv must be between 0 and 100.`);
    if (line.exciseProductCode !== undefined && !EPC_CODES.has(line.exciseProductCode)) {
      add(
        c.exciseProductCode,
        path('exciseProductCode'),
        'is not in the excise product list (BC36)',
        `${at}.exciseProductCode ${line.exciseProductCode} is not in the excise product list (BC36).`,
      );
    }
    country(line.preferentialOriginCountry, path('preferentialOriginCountry'), `${at}.preferentialOriginCountry`);
    country(line.nonPreferentialOriginCountry, path('nonPreferentialOriginCountry'), `${at}.nonPreferentialOriginCountry`);
    if (RECEIVING_TYPES.includes(type)) {
      if (!line.receivingStorageLocationReference)
        add(
          c.receivingMissing,
          path('receivingStorageLocationReference'),
          `is required for ${type}`,
          `${at}.receivingStorageLocationReference is required for ${type}.`,
        );
      if (type === 'TRFA' && !line.receivingAuthorizationId)
        add(
          c.receivingMissing,
          path('receivingAuthorizationId'),
          'is required for TRFA',
          `${at}.receivingAuthorizationId is required for TRFA.`,
        );
      if (type === 'TRFR' && line.receivingAuthorizationId !== undefined && line.receivingAuthorizationId !== line.authorizationId) {
        add(
          c.receivingNotAllowed,
          path('receivingAuthorizationId'),
          'must equal the authorization for TRFR',
          `${at}.receivingAuthorizationId must equal authorizationId for TRFR (one authorization).`,
        );
      }
    } else if (line.receivingStorageLocationReference !== undefined || line.receivingAuthorizationId !== undefined) {
      const field = line.receivingStorageLocationReference !== undefined ? 'receivingStorageLocationReference' : 'receivingAuthorizationId';
      add(
        c.receivingNotAllowed,
        path(field),
        'is only allowed for TRFA and TRFR',
        `${at}: receivingStorageLocationReference and receivingAuthorizationId are only allowed for TRFA and TRFR.`,
      );
    }
    if (line.blendResult !== undefined) {
      blends++;
      if (type !== 'TRFB')
        add(c.blendResult, path('blendResult'), 'is only allowed for TRFB', `${at}.blendResult is only allowed for TRFB.`);
      else if (!line.blendResult.itemId || !line.blendResult.uom || !line.blendResult.quantity) {
        const missing = !line.blendResult.itemId ? 'itemId' : !line.blendResult.quantity ? 'quantity' : 'uom';
        add(
          c.blendResult,
          ['movementLines', i, 'blendResult', missing],
          'a blend result needs an item, a quantity other than zero and a unit',
          `${at}.blendResult needs itemId, a quantity other than zero and uom.`,
        );
      }
    }
  });
  if (type === 'TRFB' && blends === 0)
    add(
      c.blendResult,
      ['movementLines'],
      'TRFB needs a blend result on at least one line',
      'TRFB needs a blendResult on at least one line.',
    );
  return issues;
}

/**
 * The MovementIngest with every rule a client can check before sending: the structure, then each
 * movement's business rules at their paths. A console form parses with this; the service takes
 * `movementIngestSchema` (400) and reports the rules later as validationErrors.
 */
export const movementIngestRulesSchema = movementIngestSchema.superRefine((ingest, ctx) => {
  ingest.movements.forEach((movement, i) => {
    for (const issue of movementRuleIssues(movement)) {
      ctx.addIssue({
        code: 'custom',
        path: ['movements', i, ...issue.path],
        message: issue.message,
        params: { errorCode: issue.errorCode },
      });
    }
  });
});

/**
 * MissingDensity (sandbox default rule): a line of an energy product (exciseProductCode starting
 * with E) whose weight (KGM, TNE, DTN, GRM) or litres at 15 °C (LTR, L15, HLT) is known, but not
 * both, looking at the line's uom and its `quantities`. Returns the index of the first such line.
 */
export function lineMissingDensity(movement: Movement): number {
  return movement.movementLines.findIndex((line) => {
    if (!line.exciseProductCode?.startsWith('E')) return false;
    const uoms = [line.uom, ...(line.quantities ?? []).map((q) => q.uom)];
    const weight = uoms.some((u) => WEIGHT_UOMS.has(u));
    const litres = uoms.some((u) => LITRES_15_UOMS.has(u));
    return weight !== litres;
  });
}

/**
 * A movement order message sent through this console, as the BFF keeps it (GET /api/movement-orders):
 * the service has no list of movement orders, so the console lists what it created itself.
 */
export const createdMovementOrderSchema = z.object({
  /** The referenceId of the 202; the sandbox names the orders {referenceId}-{n}. */
  referenceId: z.string(),
  /** ISO 8601, when the service accepted it. */
  createdAt: z.string(),
  sub: z.string(),
  name: z.string(),
  /** Per movement, in message order. */
  externalReferences: z.array(z.string()),
  movementTypes: z.array(z.string()),
  /** Lines of all movements together. */
  lineCount: z.number().int(),
});
export type CreatedMovementOrder = z.infer<typeof createdMovementOrderSchema>;
export const createdMovementOrderListSchema = z.object({ orders: z.array(createdMovementOrderSchema) });
