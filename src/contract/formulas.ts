import { z } from 'zod';

/**
 * Formula ingestion (specification, Resources: Formula; Limits). POST /v1/formulas accepts a
 * formula message; each accepted message adds a version of the formula of its itemId.
 *
 * Two schemas share one definition:
 * - `formulaMessageSchema` is the structure (types and required fields). The service answers
 *   400 synchronously when it fails.
 * - `formulaSchema` adds every rule of the Formula table (lengths, not-zero quantities,
 *   processing types, line counts). The service checks these asynchronously ("the formula
 *   endpoint is validated asynchronously") and reports failures as events; a console form
 *   checks them before sending.
 * Both are lenient to unknown fields (later releases add fields).
 */
export const FORMULA_LIMITS = {
  versionLength: 16,
  itemIdLength: 128,
  uomLength: 5,
  storageLocationReferenceLength: 255,
  formulaLines: 9999,
  secondaryProducts: 9999,
} as const;

/** Default of the message format version (specification, Versioning 3). */
export const FORMULA_DEFAULT_VERSION = '1.0';

export const PROCESSING_TYPES = [
  { code: '1', meaning: 'Inward processing' },
  { code: '2', meaning: 'Usual form of handling' },
  { code: '4', meaning: 'Outward processing' },
  { code: '5', meaning: 'End use' },
] as const;
const PROCESSING_TYPE_CODES: readonly string[] = PROCESSING_TYPES.map((p) => p.code);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** ISO 8601 date or date-time (offset optional), and a real calendar date. */
export const isoTimestampSchema = z
  .string()
  .refine((s) => ISO_TIMESTAMP.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 timestamp, e.g. 2025-01-31T00:00:00Z');

function defineFormula(rules: boolean) {
  const text = (max: number) => (rules ? z.string().min(1, 'is required').max(max, `must be at most ${max} characters`) : z.string());
  const optionalText = (max: number) => (rules ? z.string().max(max, `must be at most ${max} characters`) : z.string()).optional();
  const quantity = rules ? z.number().refine((q) => q !== 0, 'must not be zero') : z.number();
  const list = <T extends z.ZodType>(item: T, min: number, max: number, what: string) =>
    rules ? z.array(item).min(min, `needs at least ${min} ${what}`).max(max, `holds at most ${max} ${what}`) : z.array(item);

  const line = z.looseObject({ itemId: text(FORMULA_LIMITS.itemIdLength), quantity, uom: text(FORMULA_LIMITS.uomLength) });
  const secondaryProduct = z.looseObject({
    itemId: text(FORMULA_LIMITS.itemIdLength),
    quantity,
    uom: text(FORMULA_LIMITS.uomLength),
    // Required, no default: a secondary product without isWaste is rejected.
    isWaste: z.boolean('isWaste is required (true or false)'),
  });
  const formula = z.looseObject({
    version: optionalText(FORMULA_LIMITS.versionLength),
    itemId: text(FORMULA_LIMITS.itemIdLength),
    documentReference: z.string().optional(),
    activeFromDate: isoTimestampSchema,
    activeUntilDate: isoTimestampSchema.optional(),
    quantity,
    uom: text(FORMULA_LIMITS.uomLength),
    processingType: rules
      ? z.string().refine((p) => PROCESSING_TYPE_CODES.includes(p), `must be one of ${PROCESSING_TYPE_CODES.join(', ')}`)
      : z.string(),
    storageLocationReference: optionalText(FORMULA_LIMITS.storageLocationReferenceLength),
    formulaLines: list(line, 1, FORMULA_LIMITS.formulaLines, 'formula lines'),
    secondaryProducts: list(secondaryProduct, 0, FORMULA_LIMITS.secondaryProducts, 'secondary products').optional(),
  });
  return { line, secondaryProduct, formula };
}

const structure = defineFormula(false);
const full = defineFormula(true);

/** Structure of a formula message: what POST /v1/formulas rejects with 400. */
export const formulaMessageSchema = structure.formula;
/** Every rule of the Formula table, plus activeUntilDate after activeFromDate (sandbox default). */
export const formulaSchema = full.formula.refine(
  (f) => f.activeUntilDate === undefined || Date.parse(f.activeUntilDate) > Date.parse(f.activeFromDate),
  { message: 'must be after activeFromDate', path: ['activeUntilDate'] },
);
export const formulaLineSchema = full.line;
export const secondaryProductSchema = full.secondaryProduct;

export type FormulaMessage = z.infer<typeof formulaMessageSchema>;
export type Formula = z.infer<typeof formulaSchema>;
export type FormulaLine = z.infer<typeof formulaLineSchema>;
export type SecondaryProduct = z.infer<typeof secondaryProductSchema>;

/**
 * Outcome event of a formula message (sandbox default names, modelled on the vendor's
 * CustomsShipmentInformation events): eventType FormulaInformation, eventSubType
 * CreationSuccessful or CreationUnsuccessful.
 */
export const FORMULA_EVENT_TYPE = 'FormulaInformation';
export const formulaInformationDataSchema = z.looseObject({
  tenantId: z.string(),
  ingestionReferences: z.array(z.string()),
  businessReference: z.string(),
  itemId: z.string(),
  versionNumber: z.number().int().optional(),
  errorDescriptions: z.array(z.string()).optional(),
});
export type FormulaInformationData = z.infer<typeof formulaInformationDataSchema>;
