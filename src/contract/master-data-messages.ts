import { z } from 'zod';
import { isoTimestampSchema } from './formulas.js';

/**
 * Ingestion messages whose models the specification does not show (docs/service-facts.md 4.1):
 * material lists, material list invalidation requests, certificates of origin and shipments.
 * Paths, fields and required identifiers are sandbox defaults (the vendor's XSDs were not
 * available): the few identifiers each message's purpose needs are required, every other field
 * is accepted and stored as sent.
 */

export interface MasterDataMessageInfo {
  /** Message name (docs/service-facts.md 4.1). */
  message: string;
  /** Path under /v1 (docs/service-facts.md 4.1 inference). */
  path: string;
  /** Outcome event type (sandbox default); subtypes name the outcome. */
  eventType: string;
  purpose: string;
}

export const MASTER_DATA_MESSAGES = {
  materialList: {
    message: 'MaterialList',
    path: '/v1/materiallists',
    eventType: 'MaterialListInformation',
    purpose: 'Material list of a product for special procedures.',
  },
  materialListInvalidation: {
    message: 'MaterialListInvalidationRequest',
    path: '/v1/materiallistinvalidationrequests',
    eventType: 'MaterialListInformation',
    purpose: 'Invalidates a material list.',
  },
  certificateOfOrigin: {
    message: 'CertificateOfOrigin',
    path: '/v1/certificatesoforigin',
    eventType: 'CertificateOfOriginInformation',
    purpose: 'Requests a certificate of origin based on a declaration.',
  },
  shipment: {
    message: 'Shipment',
    path: '/v1/shipments',
    eventType: 'ShipmentInformation',
    purpose: 'Source record from which customs shipments can be made (manual enrichment and validation).',
  },
} as const satisfies Record<string, MasterDataMessageInfo>;
export type MasterDataMessageKind = keyof typeof MASTER_DATA_MESSAGES;

export const MATERIAL_LIST_LIMITS = { materials: 9999, externalReferenceLength: 128, itemIdLength: 128, uomLength: 5 } as const;

const required = (max: number) => z.string().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** A material of a list: item, quantity (not zero) and unit, like a formula line. */
export const materialSchema = z.looseObject({
  itemId: required(MATERIAL_LIST_LIMITS.itemIdLength),
  quantity: z.number().refine((q) => q !== 0, 'must not be zero'),
  uom: required(MATERIAL_LIST_LIMITS.uomLength),
});

/**
 * MaterialList. Required: externalReference (the list's own reference, unique per tenant; a
 * new message with the same reference replaces the list), itemId (the product) and materials.
 */
export const materialListSchema = z.looseObject({
  version: z.string().optional(),
  externalReference: required(MATERIAL_LIST_LIMITS.externalReferenceLength),
  itemId: required(MATERIAL_LIST_LIMITS.itemIdLength),
  description: z.string().optional(),
  validFrom: isoTimestampSchema.optional(),
  validUntil: isoTimestampSchema.optional(),
  storageLocationReference: z.string().optional(),
  materials: z
    .array(materialSchema)
    .min(1, 'needs at least one material')
    .max(MATERIAL_LIST_LIMITS.materials, `holds at most ${MATERIAL_LIST_LIMITS.materials} materials`),
});
export type MaterialList = z.infer<typeof materialListSchema>;

/** MaterialListInvalidationRequest. Required: externalReference of the list to invalidate. */
export const materialListInvalidationSchema = z.looseObject({
  version: z.string().optional(),
  externalReference: required(MATERIAL_LIST_LIMITS.externalReferenceLength),
  reason: z.string().optional(),
});
export type MaterialListInvalidation = z.infer<typeof materialListInvalidationSchema>;

/**
 * CertificateOfOrigin request, based on a declaration: one of customsShipmentReference (the
 * shipment's externalReference) or declarationReference (a declaration id, LRN or MRN) is
 * required. The certificate itself (CoOPDFCreated, docs/service-facts.md 3.4) is not produced here.
 */
export const certificateOfOriginSchema = z
  .looseObject({
    version: z.string().optional(),
    customsShipmentReference: z.string().min(1).optional(),
    declarationReference: z.string().min(1).optional(),
    storageLocationReference: z.string().optional(),
    exporterCountry: z.string().optional(),
    destinationCountry: z.string().optional(),
    remarks: z.string().optional(),
  })
  .refine((c) => c.customsShipmentReference !== undefined || c.declarationReference !== undefined, {
    message: 'customsShipmentReference or declarationReference is required',
    path: ['customsShipmentReference'],
  });
export type CertificateOfOriginRequest = z.infer<typeof certificateOfOriginSchema>;

/** Shipment (source record). Required: externalReference; direction, when given, is IN or OUT. */
export const shipmentSchema = z.looseObject({
  version: z.string().optional(),
  externalReference: z.string().min(1, 'is required'),
  direction: z.enum(['IN', 'OUT']).optional(),
  storageLocationReference: z.string().optional(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** Data of the outcome events (sandbox default, modelled on CustomsShipmentInformation). */
export const masterDataInformationDataSchema = z.looseObject({
  tenantId: z.string(),
  message: z.string(),
  ingestionReferences: z.array(z.string()),
  businessReference: z.string(),
  errorDescriptions: z.array(z.string()).optional(),
});
export type MasterDataInformationData = z.infer<typeof masterDataInformationDataSchema>;
