import type { Direction, GoodsItemInput, Party, SingleAdministrativeDocumentInput } from '../../contract/customs-shipment.js';
import type { DeclarationError } from '../../contract/declarations.js';
import { cn2026Codes, currencyCodes, customsOfficeCountries, customsOffices, exciseProductCodes } from '../master-data/reference-data.js';

/**
 * Validation rules of every flow step. The V-codes are FICTITIOUS (the vendor's catalogue is
 * not public, docs/service-facts.md 1.4): invented for the sandbox, documented in the README.
 */
export const V_CODES = {
  V1001: {
    message: 'Declaration office code is missing.',
    description: 'Every declaration needs the customs office where it is lodged (singleAdministrativeDocument.declarationOfficeCode).',
  },
  V1002: {
    message: 'Declaration office code is malformed.',
    description:
      'A customs office reference number is 8 characters: a 2-letter country code followed by 6 letters or digits, e.g. GB000051.',
  },
  V1003: {
    message: 'Declaration office code is unknown.',
    description: 'The office is not in the customs office list (EU COL sample shipped with the sandbox) for its country.',
  },
  V1010: {
    message: 'Declaration type is missing.',
    description: 'singleAdministrativeDocument.declType is required, e.g. IM for an import, EX for an export.',
  },
  V1011: {
    message: 'Additional declaration type is missing.',
    description: 'singleAdministrativeDocument.addDeclType is required, e.g. A (standard), D (pre-lodged), Z (EIDR).',
  },
  V1012: { message: 'Additional declaration type is not valid.', description: 'Allowed values: A, B, C, D, E, F, J, K, X, Y, Z.' },
  V1020: {
    message: 'Invoice currency is missing.',
    description: 'singleAdministrativeDocument.invoiceCurrency (ISO 4217) is required for customs declarations.',
  },
  V1021: { message: 'Invoice currency is not an ISO 4217 code.', description: 'Use an alphabetic ISO 4217 code such as EUR, GBP or USD.' },
  V1022: {
    message: 'Customs value currency is not an ISO 4217 code.',
    description: 'Use an alphabetic ISO 4217 code such as EUR, GBP or USD.',
  },
  V1023: {
    message: 'Customs value currency differs from the invoice currency.',
    description: 'Every goods item customsValue.currency must equal singleAdministrativeDocument.invoiceCurrency.',
  },
  V1030: {
    message: 'Consignee is missing.',
    description:
      'An inbound declaration needs a consignee with an EORI; it is taken from business partner master data (role Consignee) when absent.',
  },
  V1031: {
    message: 'Consignor is missing.',
    description:
      'An outbound declaration needs a consignor with an EORI; it is taken from business partner master data (role Consignor) when absent.',
  },
  V1032: {
    message: 'EORI number format is not valid.',
    description:
      'An EORI is a 2-letter country code followed by up to 15 letters or digits; GB and XI EORIs are the prefix followed by 12 or 15 digits.',
  },
  V1040: {
    message: 'The declaration has no goods items.',
    description: 'At least one goods item is required (singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems).',
  },
  V1041: {
    message: 'Goods item has no commodity code.',
    description: 'commodity.classification.id is required; it is taken from article data (commodity.itemId) when absent.',
  },
  V1042: {
    message: 'Commodity code is unknown.',
    description: 'The code must be 8 digits (or 10 with a national suffix) whose first 8 digits are a CN 2026 code.',
  },
  V1043: {
    message: 'Goods description is missing.',
    description: 'commodity.description is required; it is taken from article data (commodity.itemId) when absent.',
  },
  V1044: { message: 'Net mass is greater than gross mass.', description: 'goodsMeasure.nmass must not exceed goodsMeasure.gmass.' },
  V1050: {
    message: 'Excise product code is missing.',
    description: 'An excise movement needs exciseGoodsItem.exciseProductCode (BC36) on every goods item.',
  },
  V1051: {
    message: 'Excise product code is unknown.',
    description: 'The code must be in the EMCS BC36 list, e.g. B000 beer, W200 still wine, S200 spirits, T200 cigarettes.',
  },
} as const satisfies Record<string, { message: string; description: string }>;
export type VCode = keyof typeof V_CODES;

export function vError(code: VCode, fieldName: string, path: string): DeclarationError {
  return {
    errorCode: code,
    message: V_CODES[code].message,
    description: `${V_CODES[code].description} (sandbox code, fictitious)`,
    fieldReference: [{ fieldName, path }],
  };
}

export const ADDITIONAL_DECLARATION_TYPES = ['A', 'B', 'C', 'D', 'E', 'F', 'J', 'K', 'X', 'Y', 'Z'];
const OFFICE_FORMAT = /^[A-Z]{2}[A-Z0-9]{6}$/;
const EORI_FORMAT = /^[A-Z]{2}[A-Z0-9]{1,15}$/;
const GB_EORI_FORMAT = /^(GB|XI)(\d{12}|\d{15})$/;

export function isValidEori(eori: string): boolean {
  if (!EORI_FORMAT.test(eori)) return false;
  return eori.startsWith('GB') || eori.startsWith('XI') ? GB_EORI_FORMAT.test(eori) : true;
}

export function isKnownCommodityCode(code: string): boolean {
  return /^(\d{8}|\d{10})$/.test(code) && cn2026Codes().has(code.slice(0, 8));
}

export interface ValidationInput {
  direction: Direction;
  excise: boolean;
  header: SingleAdministrativeDocumentInput;
  items: readonly GoodsItemInput[];
}

const SAD = 'singleAdministrativeDocument';
const ITEMS = `${SAD}.goodsShipment.governmentAgencyGoodsItems`;

const hasParty = (p: Party | null | undefined): boolean => (p?.businessPartnerReference?.length ?? 0) > 0;

/** Runs every rule; returns all errors (empty when valid). Pure. */
export function validateDeclaration(input: ValidationInput): DeclarationError[] {
  const { header, items } = input;
  const errors: DeclarationError[] = [];

  const office = header.declarationOfficeCode?.trim();
  if (!office) errors.push(vError('V1001', 'declarationOfficeCode', `${SAD}.declarationOfficeCode`));
  else if (!OFFICE_FORMAT.test(office)) errors.push(vError('V1002', 'declarationOfficeCode', `${SAD}.declarationOfficeCode`));
  else if (customsOfficeCountries().has(office.slice(0, 2)) && !customsOffices().has(office))
    errors.push(vError('V1003', 'declarationOfficeCode', `${SAD}.declarationOfficeCode`));

  if (!header.declType?.trim()) errors.push(vError('V1010', 'declType', `${SAD}.declType`));
  if (!input.excise) {
    const add = header.addDeclType?.trim();
    if (!add) errors.push(vError('V1011', 'addDeclType', `${SAD}.addDeclType`));
    else if (!ADDITIONAL_DECLARATION_TYPES.includes(add.toUpperCase())) errors.push(vError('V1012', 'addDeclType', `${SAD}.addDeclType`));
  }

  const invoiceCurrency = header.invoiceCurrency?.trim();
  if (invoiceCurrency && !currencyCodes().has(invoiceCurrency)) errors.push(vError('V1021', 'invoiceCurrency', `${SAD}.invoiceCurrency`));
  else if (!invoiceCurrency && !input.excise) errors.push(vError('V1020', 'invoiceCurrency', `${SAD}.invoiceCurrency`));

  const gs = header.goodsShipment;
  if (input.direction === 'IN' && !hasParty(gs?.consignee)) errors.push(vError('V1030', 'consignee', `${SAD}.goodsShipment.consignee`));
  if (input.direction === 'OUT' && !hasParty(gs?.consignor)) errors.push(vError('V1031', 'consignor', `${SAD}.goodsShipment.consignor`));
  const parties: [string, Party | null | undefined][] = [
    [`${SAD}.agent`, header.agent],
    [`${SAD}.goodsShipment.consignor`, gs?.consignor],
    [`${SAD}.goodsShipment.consignee`, gs?.consignee],
  ];
  for (const [path, party] of parties) {
    party?.businessPartnerReference?.forEach((ref, i) => {
      if (ref.type.toLowerCase() === 'eori' && !isValidEori(ref.code))
        errors.push(vError('V1032', 'businessPartnerReference.code', `${path}.businessPartnerReference[${i}].code`));
    });
  }

  if (items.length === 0) errors.push(vError('V1040', 'governmentAgencyGoodsItems', ITEMS));
  items.forEach((item, i) => {
    const at = `${ITEMS}[${i}]`;
    const code = item.commodity?.classification?.id?.trim();
    if (!code) errors.push(vError('V1041', 'classification.id', `${at}.commodity.classification.id`));
    else if (!isKnownCommodityCode(code)) errors.push(vError('V1042', 'classification.id', `${at}.commodity.classification.id`));
    if (!item.commodity?.description?.trim()) errors.push(vError('V1043', 'description', `${at}.commodity.description`));
    const { gmass, nmass } = item.goodsMeasure ?? {};
    if (typeof gmass === 'number' && typeof nmass === 'number' && nmass > gmass)
      errors.push(vError('V1044', 'nmass', `${at}.goodsMeasure.nmass`));
    const currency = item.customsValue?.currency?.trim();
    if (currency) {
      if (!currencyCodes().has(currency)) errors.push(vError('V1022', 'currency', `${at}.customsValue.currency`));
      else if (invoiceCurrency && currency !== invoiceCurrency) errors.push(vError('V1023', 'currency', `${at}.customsValue.currency`));
    }
    if (input.excise) {
      const epc = item.exciseGoodsItem?.exciseProductCode?.trim();
      if (!epc) errors.push(vError('V1050', 'exciseProductCode', `${at}.exciseGoodsItem.exciseProductCode`));
      else if (!exciseProductCodes().has(epc)) errors.push(vError('V1051', 'exciseProductCode', `${at}.exciseGoodsItem.exciseProductCode`));
    }
  });
  return errors;
}

/** Customs-authority (UK CDS) errors the simulated customs returns (docs/service-facts.md 1.4). */
export const CDS_ERRORS = {
  CDS12005: {
    message: 'Party identifier (EORI) unknown or invalid.',
    description: 'The EORI of the party is not registered with customs.',
  },
  CDS12082: { message: 'Currency in DE 4/11 must equal currency in DE 4/14.', description: 'Invoice currency and item currency differ.' },
  CDS10020: { message: 'Invalid value.', description: 'A data element holds a value customs does not accept.' },
} as const satisfies Record<string, { message: string; description: string }>;

export function cdsError(code: keyof typeof CDS_ERRORS, fieldName: string, pointer: string): DeclarationError {
  return {
    errorCode: code,
    message: CDS_ERRORS[code].message,
    description: CDS_ERRORS[code].description,
    fieldReference: [{ fieldName, path: pointer }],
  };
}
