import { z } from 'zod';
import {
  ALERT_OR_REJECTION_REASONS,
  CANCELLATION_REASONS,
  DELAY_EXPLANATIONS,
  DELAY_MESSAGE_ROLES,
  DESTINATION_TYPES,
  EXCISE_PRODUCTS,
  GLOBAL_CONCLUSION_OF_RECEIPT,
  GUARANTOR_TYPES,
  LANGUAGES,
  TRANSPORT_MODES,
  TRANSPORT_UNITS,
  UNSATISFACTORY_REASONS,
  codesOf,
} from './code-lists/emcs.js';

/**
 * Declaration actions: POST /v1/declarations/{declarationId}/{segment}. The specification gives
 * only `submit` and `generateDocument`; the other segments are the sandbox default of
 * docs/service-facts.md 2.1, kept in this one table so they can be changed in one place.
 */
export const DECLARATION_ACTION_NAMES = [
  'submit',
  'goodsArrived',
  'validate',
  'generateSad',
  'generateDocument',
  'invalidate',
  'receiptReport',
  'complementaryExplanation',
  'changeDestination',
  'rejectOrAlertEad',
  'delayForDelivery',
] as const;
export type DeclarationAction = (typeof DECLARATION_ACTION_NAMES)[number];
export const declarationActionSchema = z.enum(DECLARATION_ACTION_NAMES);

export interface DeclarationActionInfo {
  /** Path segment after /v1/declarations/{declarationId}/. */
  segment: string;
  label: string;
  /** Applies to EMCS (excise) movements only. */
  excise: boolean;
  /** One line a user reads before choosing the action. */
  precondition: string;
}

export const DECLARATION_ACTIONS: Record<DeclarationAction, DeclarationActionInfo> = {
  submit: {
    segment: 'submit',
    label: 'Submit',
    excise: false,
    precondition: 'Sends the declaration to customs; allowed before submission or after a customs rejection.',
  },
  goodsArrived: {
    segment: 'goodsArrived',
    label: 'Goods arrived',
    excise: false,
    precondition: 'Presentation notification for a pre-lodged (type D) declaration; it becomes type A.',
  },
  validate: {
    segment: 'validate',
    label: 'Validate',
    excise: false,
    precondition: 'Runs the flow step validations again; allowed while the declaration can still be edited.',
  },
  generateSad: {
    segment: 'generateSad',
    label: 'Generate SAD',
    excise: false,
    precondition: 'Creates the SAD PDF when the flow step supports it.',
  },
  generateDocument: {
    segment: 'generateDocument',
    label: 'Generate document',
    excise: false,
    precondition: 'Creates a document of the chosen type when the flow step supports it.',
  },
  invalidate: {
    segment: 'invalidate',
    label: 'Invalidate',
    excise: false,
    precondition: 'Asks customs to invalidate an accepted or released declaration (e-AD: cancellation before dispatch).',
  },
  receiptReport: {
    segment: 'receiptReport',
    label: 'Receipt report',
    excise: true,
    precondition: 'Report of receipt (IE818) for an accepted inbound excise movement.',
  },
  complementaryExplanation: {
    segment: 'complementaryExplanation',
    label: 'Complementary explanation',
    excise: true,
    precondition: 'Explanation (IE871) after a shortage or excess was reported.',
  },
  changeDestination: {
    segment: 'changeDestination',
    label: 'Change destination',
    excise: true,
    precondition: 'Change of destination (IE813) of an accepted excise movement.',
  },
  rejectOrAlertEad: {
    segment: 'rejectOrAlertEad',
    label: 'Reject or alert e-AD',
    excise: true,
    precondition: 'Rejection or alert (IE819) by the consignee before the receipt report.',
  },
  delayForDelivery: {
    segment: 'delayForDelivery',
    label: 'Delay for delivery',
    excise: true,
    precondition: 'Explanation on delay (IE837) for an excise movement not yet delivered.',
  },
};

/** Generate document: the usable documentTypes; any other value is a 400 listing these. */
export const GENERATE_DOCUMENT_TYPES = ['SAD', 'EAD', 'TSAD', 'ATR', 'ATROnBlanco'] as const;
export const generateDocumentTypeSchema = z.enum(GENERATE_DOCUMENT_TYPES);

const oneOf = (codes: readonly string[], what: string) =>
  z.string().refine((v) => codes.includes(v), { message: `${what} must be one of ${codes.join(', ')}` });
const intOneOf = (codes: readonly string[], what: string) =>
  z
    .number()
    .int()
    .refine((v) => codes.includes(String(v)), { message: `${what} must be one of ${codes.join(', ')}` });

const languageSchema = oneOf(codesOf(LANGUAGES), 'The language');
const text = (max: number) => z.string().trim().min(1).max(max);

// ---------- Invalidate ----------

/** Invalidate (any declaration): reason required. */
export const invalidateBodySchema = z.looseObject({
  reason: text(350),
  complementaryInformation: text(350).optional(),
  complementaryInformationLanguage: languageSchema.optional(),
});

/** Invalidate of an EMCS e-AD: reason is a cancellation code 0-4; code 0 needs complementary information and its language. */
export const emcsInvalidateBodySchema = invalidateBodySchema
  .extend({ reason: oneOf(codesOf(CANCELLATION_REASONS), 'The cancellation reason') })
  .superRefine((body, ctx) => {
    if (body.reason === '0' && !body.complementaryInformation) {
      ctx.addIssue({ code: 'custom', path: ['complementaryInformation'], message: 'Reason 0 (Other) needs complementary information.' });
    }
    if (body.reason === '0' && !body.complementaryInformationLanguage) {
      ctx.addIssue({
        code: 'custom',
        path: ['complementaryInformationLanguage'],
        message: 'Reason 0 (Other) needs the language of the complementary information.',
      });
    }
  });
export type InvalidateBody = z.infer<typeof invalidateBodySchema>;

// ---------- Receipt Report ----------

const unsatisfactoryReasonSchema = z.looseObject({
  unsatisfactoryReasonCode: oneOf(codesOf(UNSATISFACTORY_REASONS), 'The unsatisfactory reason'),
  complementaryInformation: text(350).optional(),
  complementaryInformationLanguage: languageSchema.optional(),
});

const bodyReportOfReceiptSchema = z.looseObject({
  indicatorOfShortageOrExcess: z.enum(['S', 'E']).optional(),
  observedShortageOrExcess: z.number().positive().optional(),
  exciseProductCode: z.string().optional(),
  refusedQuantity: z.number().min(0).optional(),
  unsatisfactoryReasons: z.array(unsatisfactoryReasonSchema).max(9).optional(),
});

const receiptReportItemSchema = z.looseObject({
  casReference: z.string().optional(),
  commodity: z.looseObject({ itemId: z.string().optional() }).optional(),
  exciseGoodsItem: z.looseObject({ bodyReportOfReceipt: bodyReportOfReceiptSchema }),
});

const receiptReportShape = z.looseObject({
  exciseGoodsShipment: z.looseObject({
    destinationOfficeCode: z.string().optional(),
    exciseMovement: z.looseObject({
      reportOfReceipt: z.looseObject({
        // Optional: the specification lists it without a 400 rule (the conclusion's rule makes that one required).
        dateOfArrivalOfExciseProducts: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
        globalConclusionOfReceipt: oneOf(codesOf(GLOBAL_CONCLUSION_OF_RECEIPT), 'The global conclusion of receipt'),
        complementaryInformation: text(350).optional(),
        complementaryInformationLanguage: languageSchema.optional(),
      }),
    }),
  }),
  governmentAgencyGoodsItems: z.array(receiptReportItemSchema).default([]),
});
export type ReceiptReportBody = z.infer<typeof receiptReportShape>;

/** What the rules need to know of the original e-AD: each goods item's product code, by casReference. */
export interface OriginalEad {
  exciseProductCodes: ReadonlyMap<string, string>;
}

const BC36 = codesOf(EXCISE_PRODUCTS);

/**
 * Receipt Report with every 400 rule of the specification that the body alone can decide
 * (the movement's state is the server's to check). With `original`, product codes are also
 * compared with the original e-AD items.
 * Sandbox reading of the refusedQuantity rule: conclusion 3 (refused) needs refusedQuantity > 0
 * on every item; conclusion 4 (partially refused) on at least one item and none missing;
 * conclusions 1 and 2 allow no refusedQuantity above zero.
 */
export function receiptReportBodySchema(original?: OriginalEad) {
  return receiptReportShape.superRefine((body, ctx) => {
    const conclusion = body.exciseGoodsShipment.exciseMovement.reportOfReceipt.globalConclusionOfReceipt;
    const items = body.governmentAgencyGoodsItems;
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const at = (...p: string[]) => ['governmentAgencyGoodsItems', i, ...p];
      const report = item.exciseGoodsItem.bodyReportOfReceipt;
      if (!item.casReference)
        ctx.addIssue({ code: 'custom', path: at('casReference'), message: 'Each goods item needs its casReference.' });
      else if (seen.has(item.casReference))
        ctx.addIssue({ code: 'custom', path: at('casReference'), message: `casReference ${item.casReference} appears more than once.` });
      else seen.add(item.casReference);

      const epc = report.exciseProductCode;
      const productPath = at('exciseGoodsItem', 'bodyReportOfReceipt', 'exciseProductCode');
      if (!epc) ctx.addIssue({ code: 'custom', path: productPath, message: 'The excise product code is required.' });
      else if (!BC36.includes(epc))
        ctx.addIssue({ code: 'custom', path: productPath, message: `${epc} is not an excise product code of the BC36 list.` });
      else if (original && item.casReference) {
        const expected = original.exciseProductCodes.get(item.casReference);
        if (expected === undefined)
          ctx.addIssue({ code: 'custom', path: at('casReference'), message: `No goods item ${item.casReference} on the original e-AD.` });
        else if (expected !== epc)
          ctx.addIssue({ code: 'custom', path: productPath, message: `The e-AD item has product code ${expected}, not ${epc}.` });
      }

      if ((report.indicatorOfShortageOrExcess === undefined) !== (report.observedShortageOrExcess === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: at(
            'exciseGoodsItem',
            'bodyReportOfReceipt',
            report.indicatorOfShortageOrExcess === undefined ? 'indicatorOfShortageOrExcess' : 'observedShortageOrExcess',
          ),
          message: 'Give the shortage/excess indicator and the observed quantity together, or neither.',
        });
      }
      const refusedPath = at('exciseGoodsItem', 'bodyReportOfReceipt', 'refusedQuantity');
      if ((conclusion === '1' || conclusion === '2') && (report.refusedQuantity ?? 0) > 0) {
        ctx.addIssue({
          code: 'custom',
          path: refusedPath,
          message: `Conclusion ${conclusion} accepts the goods: no refused quantity may be given.`,
        });
      }
      if (conclusion === '3' && !(report.refusedQuantity && report.refusedQuantity > 0)) {
        ctx.addIssue({
          code: 'custom',
          path: refusedPath,
          message: 'Conclusion 3 (refused) needs a refused quantity above zero on every item.',
        });
      }
      if (conclusion === '4' && report.refusedQuantity === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: refusedPath,
          message: 'Conclusion 4 (partially refused) needs the refused quantity of every item (0 for items not refused).',
        });
      }
    });
    if (conclusion === '4' && !items.some((i) => (i.exciseGoodsItem.bodyReportOfReceipt.refusedQuantity ?? 0) > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['governmentAgencyGoodsItems'],
        message: 'Conclusion 4 (partially refused) needs a refused quantity above zero on at least one item.',
      });
    }
    if (
      (conclusion === '2' || conclusion === '4') &&
      !items.some((i) => i.exciseGoodsItem.bodyReportOfReceipt.unsatisfactoryReasons?.some((r) => r.unsatisfactoryReasonCode))
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['governmentAgencyGoodsItems'],
        message: `Conclusion ${conclusion} needs an unsatisfactory reason on at least one item.`,
      });
    }
  });
}

// ---------- Complementary Explanation ----------

/** Fields EMCS needs that the specification leaves optional (items[].casReference): see emcs-needs.ts. */
export const complementaryExplanationBodySchema = z.looseObject({
  exciseGoodsShipment: z.looseObject({
    // The specification: globalExplanation (string, required), globalExplanationLanguage (string).
    analysis: z.looseObject({ globalExplanation: text(999), globalExplanationLanguage: languageSchema.optional() }),
  }),
  governmentAgencyGoodsItems: z
    .array(
      z.looseObject({
        casReference: z.string().min(1).optional(),
        exciseGoodsItem: z.looseObject({
          bodyAnalysis: z.looseObject({
            explanation: text(350).optional(),
            explanationLanguage: languageSchema.optional(),
            actualQuantity: z.number().min(0).optional(),
          }),
        }),
      }),
    )
    .default([]),
});
export type ComplementaryExplanationBody = z.infer<typeof complementaryExplanationBodySchema>;

// ---------- Change Destination ----------

const businessPartnerReferenceSchema = z.looseObject({ type: z.string().min(1), code: z.string().min(1) });
const addressSchema = z.looseObject({
  street: z.string().optional(),
  city: z.string().optional(),
  zipCode: z.string().optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'A country is two capital letters (ISO 3166-1 alpha-2).')
    .optional(),
});
const traderSchema = z.looseObject({
  name: z.string().optional(),
  address: addressSchema.optional(),
  businessPartnerReferences: z.array(businessPartnerReferenceSchema).optional(),
});

/** EMCS journey time: H01-H24 (hours) or D01-D92 (days). */
export const journeyTimeSchema = z
  .string()
  .regex(/^(H(0[1-9]|1\d|2[0-4])|D(0[1-9]|[1-8]\d|9[0-2]))$/, 'Journey time is H01 to H24 (hours) or D01 to D92 (days).');

/** Every field optional, as the specification lists them; the ones EMCS needs: see emcs-needs.ts. */
export const changeDestinationBodySchema = z.looseObject({
  invoice: z.looseObject({ date: z.iso.date().optional(), number: z.string().optional() }).optional(),
  exciseGoodsShipment: z
    .looseObject({
      headerEadEsad: z
        .looseObject({
          destinationTypeCode: intOneOf(codesOf(DESTINATION_TYPES), 'The destination type').optional(),
          journeyTime: journeyTimeSchema.optional(),
        })
        .optional(),
      transportMode: z
        .looseObject({
          transportModeCode: intOneOf(codesOf(TRANSPORT_MODES), 'The transport mode').optional(),
          complementaryInformation: text(350).optional(),
          complementaryInformationLanguage: languageSchema.optional(),
        })
        .optional(),
      consigneeTrader: traderSchema.optional(),
      deliveryPlaceTrader: traderSchema.optional(),
      transportDetails: z
        .array(
          z.looseObject({
            transportUnitCode: intOneOf(codesOf(TRANSPORT_UNITS), 'The transport unit').optional(),
            identityOfTransportUnits: z.string().max(35).optional(),
            commercialSealIdentification: z.string().max(35).optional(),
          }),
        )
        .max(99)
        .optional(),
      movementGuarantee: z
        .looseObject({
          guarantorTypeCode: intOneOf(codesOf(GUARANTOR_TYPES), 'The guarantor type').optional(),
          guarantorTraders: z
            .array(
              z.looseObject({ name: z.string().optional(), businessPartnerReferences: z.array(businessPartnerReferenceSchema).optional() }),
            )
            .max(2)
            .optional(),
        })
        .optional(),
    })
    .optional(),
});
export type ChangeDestinationBody = z.infer<typeof changeDestinationBodySchema>;

// ---------- Reject or Alert EAD ----------

/**
 * The flag and the reason are optional as the specification lists them (EMCS needs them: see emcs-needs.ts).
 * Sandbox default beyond the specification: reason 0 (Other) needs complementary information, as EMCS IE819 requires.
 */
export const rejectOrAlertEadBodySchema = z
  .looseObject({
    destinationOfficeCode: z.string().min(1).optional(),
    eadEsadRejectedFlag: z.boolean().optional(),
    alertOrRejectionOfMovementReasonCode: oneOf(codesOf(ALERT_OR_REJECTION_REASONS), 'The alert or rejection reason').optional(),
    complementaryInformation: text(350).optional(),
    complementaryInformationLanguage: languageSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.alertOrRejectionOfMovementReasonCode === '0' && !b.complementaryInformation) {
      ctx.addIssue({ code: 'custom', path: ['complementaryInformation'], message: 'Reason 0 (Other) needs complementary information.' });
    }
  });
export type RejectOrAlertEadBody = z.infer<typeof rejectOrAlertEadBodySchema>;

// ---------- Delay for Delivery ----------

/**
 * Both codes are optional as the specification lists them (EMCS needs them: see emcs-needs.ts).
 * Sandbox default beyond the specification: code 0 (Other) needs complementary information, as EMCS IE837 requires.
 */
export const delayForDeliveryBodySchema = z
  .looseObject({
    explanationCode: oneOf(codesOf(DELAY_EXPLANATIONS), 'The explanation code').optional(),
    messageRole: oneOf(codesOf(DELAY_MESSAGE_ROLES), 'The message role').optional(),
    complementaryInformation: text(350).optional(),
    complementaryInformationLanguage: languageSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.explanationCode === '0' && !b.complementaryInformation) {
      ctx.addIssue({
        code: 'custom',
        path: ['complementaryInformation'],
        message: 'Explanation 0 (Other) needs complementary information.',
      });
    }
  });
export type DelayForDeliveryBody = z.infer<typeof delayForDeliveryBodySchema>;
