/**
 * Words for the data paths of a declaration (the customs shipment as read back), so that no
 * clerk reads `singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[3]...`:
 * error cards, the review desk and "What changed" all show `fieldLabel(path)`.
 *
 * Keys are paths below the declaration with every array index written `#`; the header may be
 * addressed with or without its `singleAdministrativeDocument.` prefix, a top-level
 * `goodsShipment` is the header's one. Elements of the arrays in ITEM_NAMES are numbered from 1.
 */

const SAD = 'singleAdministrativeDocument';
const GS = `${SAD}.goodsShipment`;
const ITEM = `${GS}.governmentAgencyGoodsItems.#`;

/** A party (agent, consignor, consignee) and its identifying references. */
const party = (path: string, name: string): Record<string, string> => ({
  [path]: name,
  [`${path}.name`]: `${name} name`,
  [`${path}.businessPartnerReference`]: `${name} references`,
  [`${path}.businessPartnerReference.#`]: `${name} reference`,
  [`${path}.businessPartnerReference.#.code`]: `${name} EORI`,
  [`${path}.businessPartnerReference.#.type`]: `${name} reference type`,
});

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // The declaration as the service reports it.
  declarationId: 'Declaration id',
  currentStatus: 'Status',
  mrn: 'MRN',
  lrn: 'LRN',
  arc: 'ARC',
  ucr: 'UCR',
  externalReference: 'External reference',
  direction: 'Direction',
  messageType: 'Message type',
  customsFlow: 'Customs flow',
  customsFlowStep: 'Customs flow step',
  customsFlowStepInstanceCount: 'Flow step count',
  customsFlowStepInstanceSeq: 'Flow step number',
  customsShipmentReference: 'Customs shipment reference',
  jurisdiction: 'Jurisdiction',
  storageLocation: 'Storage location',
  storageLocationReference: 'Storage location',
  shipFrom: 'Ship from',
  shipTo: 'Ship to',
  hasErrors: 'Has errors',
  declarationDate: 'Declaration date',
  creationDate: 'Created',
  lastUpdated: 'Last updated',
  errors: 'Errors',
  attachments: 'Attachments',
  // Header.
  [SAD]: 'Declaration header',
  [`${SAD}.declType`]: 'Declaration type',
  [`${SAD}.addDeclType`]: 'Additional declaration type',
  [`${SAD}.invoiceCurrency`]: 'Invoice currency',
  [`${SAD}.declarationOfficeCode`]: 'Declaration office',
  [`${SAD}.agentStatus`]: 'Agent status',
  [`${SAD}.ucr`]: 'UCR',
  [`${SAD}.additionalDocuments`]: 'Additional documents',
  [`${SAD}.additionalDocuments.#`]: 'Additional document',
  [`${SAD}.additionalDocuments.#.category`]: 'Document category',
  [`${SAD}.additionalDocuments.#.refNum`]: 'Document reference',
  [`${SAD}.additionalDocuments.#.type`]: 'Document type',
  ...party(`${SAD}.agent`, 'Agent'),
  [GS]: 'Goods shipment',
  ...party(`${GS}.consignor`, 'Consignor'),
  ...party(`${GS}.consignee`, 'Consignee'),
  [`${GS}.exportCountry`]: 'Country of export',
  [`${GS}.destinationCountry`]: 'Country of destination',
  [`${GS}.governmentAgencyGoodsItems`]: 'Goods items',
  // Goods items.
  [ITEM]: 'Goods item',
  [`${ITEM}.casReference`]: 'CAS reference',
  [`${ITEM}.governmentAgencyGoodsItemId`]: 'Goods item id',
  [`${ITEM}.sequenceNumber`]: 'Item number',
  [`${ITEM}.commodity`]: 'Commodity',
  [`${ITEM}.commodity.description`]: 'Goods description',
  [`${ITEM}.commodity.itemId`]: 'Article reference',
  [`${ITEM}.commodity.classification`]: 'Commodity code',
  [`${ITEM}.commodity.classification.id`]: 'Commodity code',
  [`${ITEM}.goodsMeasure`]: 'Mass',
  [`${ITEM}.goodsMeasure.gmass`]: 'Gross mass (kg)',
  [`${ITEM}.goodsMeasure.nmass`]: 'Net mass (kg)',
  [`${ITEM}.packaging`]: 'Packages',
  [`${ITEM}.packaging.#`]: 'Package',
  [`${ITEM}.packaging.#.type`]: 'Package type',
  [`${ITEM}.packaging.#.quantity`]: 'Number of packages',
  [`${ITEM}.packaging.#.shippingMarks`]: 'Shipping marks',
  [`${ITEM}.customsValue`]: 'Customs value',
  [`${ITEM}.customsValue.amount`]: 'Customs value',
  [`${ITEM}.customsValue.currency`]: 'Value currency',
  [`${ITEM}.exciseGoodsItem`]: 'Excise details',
  [`${ITEM}.exciseGoodsItem.exciseProductCode`]: 'Excise product code',
  [`${ITEM}.exciseGoodsItem.quantity`]: 'Excise quantity',
};

/** Arrays whose elements are named with their number ("Goods item 4"); their own label is the element's name. */
const ITEM_NAMES = new Set([`${GS}.governmentAgencyGoodsItems`, `${ITEM}.packaging`, `${SAD}.additionalDocuments`]);

/** Customs authority pointers (`Declaration->GoodsShipment->GovernmentAgencyGoodsItem(1)->CustomsValueAmount`): their elements. */
const CUSTOMS_POINTER_LABELS: Readonly<Record<string, string>> = {
  declaration: 'Declaration',
  goodsshipment: 'Goods shipment',
  governmentagencygoodsitem: 'Goods item',
  importer: 'Importer (consignee)',
  exporter: 'Exporter (consignor)',
  consignee: 'Consignee',
  consignor: 'Consignor',
  agent: 'Agent',
  id: 'EORI',
  customsvalueamount: 'Customs value',
  commodity: 'Commodity',
  classification: 'Commodity code',
  description: 'Goods description',
  grossmassmeasure: 'Gross mass (kg)',
  netnetweightmeasure: 'Net mass (kg)',
  invoiceamount: 'Invoice amount',
  currencyexchange: 'Currency',
};

/** Words joined between a numbered element and what lies in it. */
export const FIELD_LABEL_SEPARATOR = ' › ';

type Segment = { key: string } | { index: number } | { cas: string };

/** `a.b[3].c`, `a.b.3.c`, `a.b[casReference=X].c` and `/a/b/3/c` alike. */
function segmentsOf(path: string): Segment[] {
  const out: Segment[] = [];
  const text = path.trim().replace(/^\//, '').replace(/\//g, '.');
  for (const match of text.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)) {
    const bare = match[1];
    const bracket = match[2];
    const raw = bare ?? bracket ?? '';
    if (/^\d+$/.test(raw)) out.push({ index: Number(raw) });
    else if (bracket !== undefined && bracket.startsWith('casReference=')) out.push({ cas: bracket.slice('casReference='.length) });
    else if (raw) out.push({ key: raw });
  }
  return out;
}

/** camelCase → "Camel case": the last resort for a field the table does not know yet. */
const words = (key: string): string => {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function customsPointerLabel(path: string): string {
  const parts = path
    .split('->')
    .map((p) => p.trim())
    .filter(Boolean);
  const named = parts
    .filter((p, i) => !(i === 0 && /^declaration$/i.test(p)) && !/^goodsshipment$/i.test(p))
    .map((p) => {
      const m = /^([A-Za-z]+)\((\d+)\)$/.exec(p);
      const key = (m?.[1] ?? p).toLowerCase();
      const label = CUSTOMS_POINTER_LABELS[key] ?? words(m?.[1] ?? p);
      return m ? `${label} ${m[2]}` : label;
    });
  // "Importer (consignee) › EORI" reads better as one phrase.
  return named.length ? named.join(FIELD_LABEL_SEPARATOR).replace(`)${FIELD_LABEL_SEPARATOR}EORI`, ') EORI') : 'Declaration';
}

/**
 * The words for a data path: "Goods item 4 › Commodity code" for
 * `singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[3].commodity.classification.id`,
 * "Consignee EORI" for `...consignee.businessPartnerReference[0].code`. Indexes become item numbers;
 * a path the table does not know keeps its last known words and spells out the rest.
 */
export function fieldLabel(path: string): string {
  if (path.includes('->')) return customsPointerLabel(path);
  const segments = segmentsOf(path);
  if (segments.length === 0) return 'Declaration';
  // The header is addressed with or without its prefix; a top-level goodsShipment is the header's.
  const first = segments[0];
  const prefixed: Segment[] =
    first && 'key' in first && first.key !== SAD && !(first.key in FIELD_LABELS) ? [{ key: SAD }, ...segments] : segments;

  const numbered: string[] = [];
  let key = '';
  let label: string | undefined;
  let unknown: string[] = [];
  for (const s of prefixed) {
    if ('key' in s) {
      const next = key ? `${key}.${s.key}` : s.key;
      key = next;
      if (FIELD_LABELS[next] !== undefined) {
        label = FIELD_LABELS[next];
        unknown = [];
      } else unknown.push(s.key);
      continue;
    }
    // An array element: numbered when the array's elements have a name, otherwise just the element.
    const arrayPath = key;
    key = `${key}.#`;
    if (ITEM_NAMES.has(arrayPath) && unknown.length === 0) {
      const name = FIELD_LABELS[key] ?? 'Item';
      numbered.push('index' in s ? `${name} ${s.index + 1}` : `${name} (CAS reference ${s.cas})`);
      label = undefined;
    } else if (FIELD_LABELS[key] !== undefined && unknown.length === 0) label = FIELD_LABELS[key];
    else unknown.push('index' in s ? String(s.index + 1) : s.cas);
  }
  const leaf = [label, ...unknown.map(words)].filter((w): w is string => Boolean(w));
  return [...numbered, ...(leaf.length ? [leaf.join(' ')] : [])].join(FIELD_LABEL_SEPARATOR) || 'Declaration';
}

/** The path with every array index written `#`, relative to the declaration (the table's key). */
export function fieldLabelKey(path: string): string {
  const segments = segmentsOf(path);
  const keys = segments.map((s) => ('key' in s ? s.key : '#'));
  const first = keys[0];
  if (first !== undefined && first !== SAD && !(first in FIELD_LABELS)) keys.unshift(SAD);
  return keys.join('.');
}

/** The words of the field itself, without the numbers of the items it sits in ("Commodity code"). */
export function leafFieldLabel(path: string): string {
  return FIELD_LABELS[fieldLabelKey(path)] ?? fieldLabel(path);
}

/** A path inside one goods item (`commodity.classification.id`, the goods item endpoints' and forms' paths). */
export const goodsItemFieldLabel = (pathInItem: string): string =>
  leafFieldLabel(`${GS}.governmentAgencyGoodsItems.0.${pathInItem.replace(/^\./, '')}`);
