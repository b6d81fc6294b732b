/**
 * Which ingestion endpoint a dropped file belongs to, from its content (sandbox console default):
 * JSON by its fields, XML by its root element. Only the endpoints the console may call.
 */
export const DROP_ENDPOINTS = {
  CustomsShipment: '/v1/customsshipments',
  ArticleDataItem: '/v1/articledataitems',
  BusinessPartners: '/v1/businesspartners',
  Formula: '/v1/formulas',
  MovementOrder: '/v1/movementorders',
} as const;
export type DroppableType = keyof typeof DROP_ENDPOINTS;

export interface DetectedMessage {
  type: DroppableType;
  contentType: 'application/json' | 'application/xml';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fromFields(value: unknown): DroppableType | undefined {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (!isRecord(first)) return undefined;
  if ('singleAdministrativeDocument' in first || ('externalReference' in first && 'direction' in first)) return 'CustomsShipment';
  if ('movements' in first) return 'MovementOrder';
  if ('formulaLines' in first) return 'Formula';
  if ('articleDataItems' in first || (Array.isArray(value) && 'itemId' in first)) return 'ArticleDataItem';
  if ('businessPartners' in first || 'businessPartnerCode' in first) return 'BusinessPartners';
  return undefined;
}

const XML_ROOTS: Record<string, DroppableType> = {
  customsshipment: 'CustomsShipment',
  articledataitems: 'ArticleDataItem',
  businesspartners: 'BusinessPartners',
  formula: 'Formula',
  movementingest: 'MovementOrder',
  movementorder: 'MovementOrder',
  movements: 'MovementOrder',
};

/** The message in a file's text, or why it is not one the console can send. */
export function detectMessage(text: string): DetectedMessage | { error: string } {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('<')) {
    const root = /<(?!\?|!)(?:[\w.-]+:)?([\w.-]+)/.exec(trimmed)?.[1]?.toLowerCase();
    const type = root ? XML_ROOTS[root] : undefined;
    return type
      ? { type, contentType: 'application/xml' }
      : { error: `An XML root element <${root ?? '?'}> is not a message the console can send.` };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { error: 'The file is neither JSON nor XML.' };
  }
  const type = fromFields(value);
  return type
    ? { type, contentType: 'application/json' }
    : { error: 'The JSON does not look like a customs shipment, article data, business partners, a formula or a movement order.' };
}
