import { XMLParser } from 'fast-xml-parser';
import { isObject } from '../forms/is-object';
import { detectMessage, type DroppableType } from '../history/detect-message';

export type MessageKind = 'shipment' | 'formula' | 'articles' | 'partners';

/**
 * XML list elements: the container is named like the field (formulaLines), each element like one
 * of it (formulaLine), as the specification describes for formulas; the other messages follow suit.
 */
const LIST_ELEMENTS: Readonly<Record<string, string>> = {
  formulaLines: 'formulaLine',
  secondaryProducts: 'secondaryProduct',
  governmentAgencyGoodsItems: 'governmentAgencyGoodsItem',
  packaging: 'package',
  additionalDocuments: 'additionalDocument',
  businessPartnerReference: 'businessPartnerReference',
  articleDataItems: 'articleDataItem',
  businessPartners: 'businessPartner',
  roles: 'role',
};
const ELEMENT_NAMES = new Set(Object.values(LIST_ELEMENTS));

/** {formulaLines: {formulaLine: [...]}} → {formulaLines: [...]}, all the way down. */
function unwrapLists(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapLists);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const element = LIST_ELEMENTS[key];
    if (element && isObject(inner) && element in inner) out[key] = unwrapLists(inner[element]);
    else if (element && inner === '') out[key] = [];
    else out[key] = unwrapLists(inner);
  }
  return out;
}

export type ParsedFile = { ok: true; kind: MessageKind | undefined; message: unknown } | { ok: false; error: string };

/** The form of each message type the file drop detects (movement orders have a page of their own). */
const FORM_OF: Partial<Record<DroppableType, MessageKind>> = {
  CustomsShipment: 'shipment',
  Formula: 'formula',
  ArticleDataItem: 'articles',
  BusinessPartners: 'partners',
};

/** Which form a file's message opens in: the file drop's detection (detect-message), so both agree. */
function kindOf(text: string): MessageKind | undefined {
  const detected = detectMessage(text);
  return 'error' in detected ? undefined : FORM_OF[detected.type];
}

/** A dropped JSON or XML file as a message, and the form it opens in (undefined: none fits). */
export function parseMessageFile(fileName: string, text: string): ParsedFile {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'The file is empty.' };
  if (fileName.toLowerCase().endsWith('.xml') || trimmed.startsWith('<')) {
    try {
      const parser = new XMLParser({
        ignoreAttributes: true,
        parseTagValue: false,
        ignoreDeclaration: true,
        isArray: (name) => ELEMENT_NAMES.has(name),
      });
      const doc: unknown = parser.parse(trimmed, true);
      const entries = isObject(doc) ? Object.entries(doc) : [];
      const [root, content] = entries[0] ?? [];
      if (entries.length !== 1 || root === undefined) return { ok: false, error: 'The XML needs exactly one root element.' };
      // A root holding only a list (<BusinessPartners><businessPartner>…) is that list.
      const message = unwrapLists(
        isObject(content) && Object.keys(content).length === 1 && ELEMENT_NAMES.has(Object.keys(content)[0] ?? '')
          ? Object.values(content)[0]
          : content,
      );
      return { ok: true, kind: kindOf(trimmed), message };
    } catch (e) {
      return { ok: false, error: `Not well-formed XML: ${e instanceof Error ? e.message : String(e)}` };
    }
  }
  try {
    const message: unknown = JSON.parse(trimmed);
    return { ok: true, kind: kindOf(trimmed), message };
  } catch (e) {
    return { ok: false, error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}
