import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../http/problem.js';

/**
 * XML ingestion bodies (specification: XML is accepted on ingestion endpoints; legacy).
 * Sandbox conventions (README, "XML"):
 * - The root element is the message (any name, e.g. <CustomsShipment>); its children are the
 *   fields, named like the JSON fields. Namespaces prefixes and attributes are ignored.
 * - A collection is a wrapper element with repeated singular children
 *   (<governmentAgencyGoodsItems><governmentAgencyGoodsItem>...) or the repeated element itself
 *   (<governmentAgencyGoodsItems>...</governmentAgencyGoodsItems> twice).
 * - Values are text; the numeric fields below become numbers, everything else stays a string.
 * - A master data message root (<articleDataItems>, <businessPartners>) holds repeated items.
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

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  tagValueProcessor: (tagName, value) => (NUMERIC_TAGS.has(tagName) && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : undefined),
});

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function normalize(value: unknown, key?: string): unknown {
  const collection = key !== undefined ? COLLECTIONS[key] : undefined;
  if (collection !== undefined) {
    if (value === '' || value === null || value === undefined) return [];
    const asList = Array.isArray(value) ? value : [value];
    // wrapper form: one element whose only child is the singular element
    const only = asList.length === 1 && isRecord(asList[0]) ? asList[0] : undefined;
    const keys = only ? Object.keys(only) : [];
    const unwrapped = only && keys.length === 1 && keys[0] === collection ? only[collection] : undefined;
    const items = unwrapped !== undefined ? (Array.isArray(unwrapped) ? unwrapped : [unwrapped]) : asList;
    return items.map((v) => normalize(v));
  }
  if (Array.isArray(value)) return value.map((v) => normalize(v));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, k)]));
  if (value === '') return null;
  return value;
}

/** Parses an XML body into the JSON shape of the message; malformed XML is a 400 with invalid-parameters. */
export function parseXmlBody(xml: string): unknown {
  const check = XMLValidator.validate(xml);
  if (check !== true) {
    throw badRequest('The XML body is not well-formed.', [{ name: '(body)', reason: `${check.err.msg} (line ${check.err.line}, column ${check.err.col})` }]);
  }
  const parsed: unknown = parser.parse(xml);
  if (!isRecord(parsed)) throw badRequest('The XML body has no root element.', [{ name: '(body)', reason: 'no root element' }]);
  const roots = Object.keys(parsed);
  const [root] = roots;
  if (roots.length !== 1 || root === undefined) throw badRequest('The XML body must have exactly one root element.', [{ name: '(body)', reason: 'one root element expected' }]);
  const name = lowerFirst(root);
  if (COLLECTIONS[name] !== undefined) return { [name]: normalize(parsed[root], name) };
  const content = normalize(parsed[root]);
  return content === null ? {} : content;
}

/** The XML form of ReturnOnAcceptMessage. */
export function returnOnAcceptXml(referenceId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ReturnOnAcceptMessage><referenceId>${referenceId}</referenceId></ReturnOnAcceptMessage>\n`;
}
