/**
 * The header form's fields and their paths in the declaration (singleAdministrativeDocument...).
 * Parties are edited through their EORI (the reference of type Eori). One table for the form,
 * error jumps, server field errors and the PATCH body.
 */
export const HEADER_FIELDS = [
  'declType',
  'addDeclType',
  'declarationOfficeCode',
  'invoiceCurrency',
  'agentStatus',
  'ucr',
  'consignorEori',
  'consigneeEori',
  'agentEori',
] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];

const SAD = 'singleAdministrativeDocument';

export const HEADER_FIELD_PATHS: Record<HeaderField, string> = {
  declType: `${SAD}.declType`,
  addDeclType: `${SAD}.addDeclType`,
  declarationOfficeCode: `${SAD}.declarationOfficeCode`,
  invoiceCurrency: `${SAD}.invoiceCurrency`,
  agentStatus: `${SAD}.agentStatus`,
  ucr: `${SAD}.ucr`,
  consignorEori: `${SAD}.goodsShipment.consignor`,
  consigneeEori: `${SAD}.goodsShipment.consignee`,
  agentEori: `${SAD}.agent`,
};

const normalise = (path: string): string => path.replace(/\[(\d+)\]/g, '.$1');

/**
 * The header field a path points at: exact field paths, and anything below a party
 * (`...consignee.businessPartnerReference[0].code`) as that party's EORI.
 */
export function headerFieldOfPath(path: string): HeaderField | undefined {
  const p = normalise(path).replace(/^\/?/, '');
  const candidates = [p, p.startsWith(`${SAD}.`) ? p : `${SAD}.${p}`];
  for (const candidate of candidates) {
    for (const field of HEADER_FIELDS) {
      const fieldPath = HEADER_FIELD_PATHS[field];
      if (candidate === fieldPath || candidate.startsWith(`${fieldPath}.`)) return field;
    }
  }
  return undefined;
}

/** Customs authority pointers (UK CDS style `Declaration->GoodsShipment->Importer->ID`) to header fields. */
const CUSTOMS_PARTY_POINTERS: [RegExp, HeaderField][] = [
  [/->(Importer|Consignee)(->|$)/i, 'consigneeEori'],
  [/->(Exporter|Consignor)(->|$)/i, 'consignorEori'],
  [/->(Agent|Declarant|Representative)(->|$)/i, 'agentEori'],
  [/->(CurrencyExchange|InvoiceCurrency)/i, 'invoiceCurrency'],
];

export function headerFieldOfCustomsPointer(pointer: string): HeaderField | undefined {
  return CUSTOMS_PARTY_POINTERS.find(([re]) => re.test(pointer))?.[1];
}
