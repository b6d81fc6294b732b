import type { XmlShape } from '../http/message-body.js';

/**
 * XML form of the customs shipment and master data messages (README, "XML"): numeric fields
 * become numbers, an empty element is null (clears the field in an update), and collections
 * are a wrapper with repeated singular children or the repeated element itself.
 */
const NUMERIC_TAGS = new Set(['gmass', 'nmass', 'quantity', 'amount', 'netMass', 'grossMass', 'value']);

/** Collection field -> name of the repeated child in the wrapper form. */
const COLLECTIONS: Record<string, string> = {
  governmentAgencyGoodsItems: 'governmentAgencyGoodsItem',
  additionalDocuments: 'additionalDocument',
  businessPartnerReference: 'businessPartnerReference',
  businessPartnerReferences: 'businessPartnerReference',
  packaging: 'package',
  articleDataItems: 'articleDataItem',
  businessPartners: 'businessPartner',
  roles: 'role',
  storageLocationReferences: 'storageLocationReference',
};

export const INGESTION_XML: XmlShape = {
  lists: new Set(Object.keys(COLLECTIONS)),
  itemNames: new Map(Object.entries(COLLECTIONS)),
  numbers: NUMERIC_TAGS,
  emptyIsNull: true,
};
