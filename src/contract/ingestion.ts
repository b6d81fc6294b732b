import { z } from 'zod';
import { businessPartnerReferenceSchema } from './customs-shipment.js';

/**
 * Master data ingestion: POST /v1/articledataitems and POST /v1/businesspartners.
 * The specification does not show either model (docs/service-facts.md 4.1: NOT FOUND), so these are
 * sandbox models: a key field, the data the customs-flow deductions use, and anything else
 * (kept, lenient to unknown fields). A message is either a bare array or an object wrapping it.
 */

const str = () => z.string().nullish();

/** One article (item master data). itemId is the key the goods items' commodity.itemId refers to. */
export const articleDataItemSchema = z.looseObject({
  itemId: z.string().trim().min(1).max(128),
  description: str(),
  /** Commodity code (CN 8 digits, or a 10-digit national code) used when a goods item has none. */
  commodityCode: str(),
  countryOfOrigin: str(),
  netMass: z.number().nullish(),
  exciseProductCode: str(),
  uom: str(),
});
export type ArticleDataItem = z.infer<typeof articleDataItemSchema>;

/**
 * A master-data message: a bare list, or the list wrapped in one property. Chosen by the body's
 * shape rather than by a union, so a failure names the element's field (`0.itemId`,
 * `articleDataItems.0.itemId`) instead of a union's bare "Invalid input".
 */
function listOrWrapped<T>(list: z.ZodType<T[]>, wrapped: z.ZodType<T[]>) {
  return z.unknown().transform((value, ctx) => {
    const result = (Array.isArray(value) ? list : wrapped).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  });
}

const articleDataItemList = z.array(articleDataItemSchema).min(1);
export const articleDataItemsMessageSchema = listOrWrapped(
  articleDataItemList,
  z.looseObject({ articleDataItems: articleDataItemList }).transform((m) => m.articleDataItems),
);

export const BUSINESS_PARTNER_ROLES = ['Consignee', 'Consignor', 'Agent', 'Importer', 'Exporter', 'Declarant', 'Carrier'] as const;

/** One business partner. businessPartnerCode is the tenant's own key. */
export const businessPartnerSchema = z.looseObject({
  businessPartnerCode: z.string().trim().min(1).max(128),
  name: str(),
  /** EORI number (e.g. GB123456789000, NL812345678). */
  eori: str(),
  vatNumber: str(),
  /** Roles used by the deductions (a missing consignee is taken from a partner with role Consignee). */
  roles: z.array(z.string()).nullish(),
  /** Storage locations the partner is the default party for (deductions prefer these). */
  storageLocationReferences: z.array(z.string()).nullish(),
  businessPartnerReference: z.array(businessPartnerReferenceSchema).nullish(),
  address: z.looseObject({ street: str(), city: str(), zipCode: str(), country: str() }).nullish(),
});
export type BusinessPartner = z.infer<typeof businessPartnerSchema>;

const businessPartnerList = z.array(businessPartnerSchema).min(1);
export const businessPartnersMessageSchema = listOrWrapped(
  businessPartnerList,
  z.looseObject({ businessPartners: businessPartnerList }).transform((m) => m.businessPartners),
);

/** Data of CustomsShipmentInformation events (docs/service-facts.md 3.3). */
export const customsShipmentInformationDataSchema = z.looseObject({
  tenantId: z.string(),
  ingestionReferences: z.array(z.string()),
  businessReference: z.string(),
  traderReference: z.string(),
  direction: z.string(),
  company: z.string().nullable(),
  errorDescriptions: z.array(z.string()).optional(),
});
export type CustomsShipmentInformationData = z.infer<typeof customsShipmentInformationDataSchema>;
