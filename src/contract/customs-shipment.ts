import { z } from 'zod';

/**
 * Customs shipment, the ingestion message of POST /v1/customsshipments (specification,
 * Resources: Customs shipment). Lenient to unknown fields (the service adds fields in later
 * releases; the complete data model is not shown), strict on the types the specification gives.
 * Optional fields also accept null: in an update (selective update model) null clears a field;
 * in a new shipment it means "absent".
 *
 * Where the specification table is ambiguous about nesting, the canonical place of
 * `goodsShipment` is inside `singleAdministrativeDocument` (a top-level `goodsShipment` is
 * accepted too and moved there by `normalizeCustomsShipment`).
 */

export const DIRECTIONS = ['IN', 'OUT'] as const;
export const directionSchema = z.enum(DIRECTIONS);
export type Direction = z.infer<typeof directionSchema>;

export const MESSAGE_TYPES = ['New', 'Upsert', 'Replace', 'Update'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageTypeSchema>;

const str = () => z.string().nullish();
const num = () => z.number().nullish();

export const businessPartnerReferenceSchema = z.looseObject({
  code: z.string(),
  /** e.g. Eori. */
  type: z.string(),
});
export type BusinessPartnerReference = z.infer<typeof businessPartnerReferenceSchema>;

/** agent, consignor, consignee: a party identified by business partner references. */
export const partySchema = z.looseObject({ businessPartnerReference: z.array(businessPartnerReferenceSchema).nullish(), name: str() });
export type Party = z.infer<typeof partySchema>;

export const additionalDocumentSchema = z.looseObject({ category: str(), refNum: str(), type: str() });

export const packagingSchema = z.looseObject({ type: str(), quantity: num(), shippingMarks: str() });

export const goodsItemSchema = z.looseObject({
  /** Identifies an existing item in updates (selective update model). Assigned by the service when absent. */
  casReference: str(),
  /** Assigned by the service; ignored on input. */
  governmentAgencyGoodsItemId: str(),
  commodity: z
    .looseObject({
      description: str(),
      /** Article data reference: a missing commodity code or description is deduced from article data by itemId. */
      itemId: str(),
      classification: z.looseObject({ id: str() }).nullish(),
    })
    .nullish(),
  goodsMeasure: z.looseObject({ gmass: num(), nmass: num() }).nullish(),
  packaging: z.array(packagingSchema).nullish(),
  customsValue: z.looseObject({ amount: num(), currency: str() }).nullish(),
  /** Excise goods (e-AD movements): exciseProductCode from the BC36 list (sandbox placement, mirrors the receipt report body). */
  exciseGoodsItem: z.looseObject({ exciseProductCode: str(), quantity: num() }).nullish(),
});
export type GoodsItemInput = z.infer<typeof goodsItemSchema>;

export const goodsShipmentSchema = z.looseObject({
  consignor: partySchema.nullish(),
  consignee: partySchema.nullish(),
  /** Country codes (ISO 3166-1 alpha-2) used for the search fields shipFrom / shipTo (sandbox names). */
  exportCountry: str(),
  destinationCountry: str(),
  governmentAgencyGoodsItems: z.array(goodsItemSchema).nullish(),
});
export type GoodsShipmentInput = z.infer<typeof goodsShipmentSchema>;

export const singleAdministrativeDocumentSchema = z.looseObject({
  /** e.g. IM, EX, CO; EAD marks an excise movement (sandbox default). */
  declType: str(),
  /** e.g. Z, A, D (D = pre-lodge). */
  addDeclType: str(),
  invoiceCurrency: str(),
  declarationOfficeCode: str(),
  agentStatus: str(),
  /** Unique consignment reference (searchable as ucr). */
  ucr: str(),
  additionalDocuments: z.array(additionalDocumentSchema).nullish(),
  agent: partySchema.nullish(),
  goodsShipment: goodsShipmentSchema.nullish(),
});
export type SingleAdministrativeDocumentInput = z.infer<typeof singleAdministrativeDocumentSchema>;

export const customsShipmentSchema = z.looseObject({
  /** Together with direction it identifies the shipment (docs/service-facts.md 4.2). */
  externalReference: z.string().trim().min(1).max(255),
  direction: directionSchema,
  /** Defaults to New (docs/service-facts.md 1.2). */
  messageType: messageTypeSchema.default('New'),
  storageLocationReference: str(),
  singleAdministrativeDocument: singleAdministrativeDocumentSchema.nullish(),
  /** Accepted here too and moved into singleAdministrativeDocument. */
  goodsShipment: goodsShipmentSchema.nullish(),
});
export type CustomsShipmentInput = z.input<typeof customsShipmentSchema>;
export type CustomsShipment = z.infer<typeof customsShipmentSchema>;

/** Moves a top-level goodsShipment into singleAdministrativeDocument (the canonical place). */
export function normalizeCustomsShipment(s: CustomsShipment): CustomsShipment {
  if (!s.goodsShipment) return s;
  const { goodsShipment, ...rest } = s;
  const sad = rest.singleAdministrativeDocument ?? {};
  return { ...rest, singleAdministrativeDocument: { ...sad, goodsShipment: { ...goodsShipment, ...(sad.goodsShipment ?? {}) } } };
}

/** ReturnOnAcceptMessage: the 202 body of every ingestion endpoint. */
export const returnOnAcceptMessageSchema = z.looseObject({ referenceId: z.uuid() });
export type ReturnOnAcceptMessage = z.infer<typeof returnOnAcceptMessageSchema>;
