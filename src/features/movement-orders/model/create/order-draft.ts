import type { MovementType } from '../../../../contract/movement-orders';
import { readValue } from '../../../../lib/numbers/number-reading';

/**
 * The "New movement order" form as the user types it: every field a string (what the inputs
 * hold, what a paste or CSV gives), turned into a MovementIngest only to check and send it.
 * Lines are plain objects in an array (no form library per cell) so 9,999 of them stay cheap:
 * an edit replaces one line object, and only rows whose object changed render again.
 */

export const LINE_FIELDS = [
  'itemId',
  'itemDescription',
  'direction',
  'quantity',
  'uom',
  'exciseProductCode',
  'asv',
  'serialBatchReference',
  'storageLocationReference',
  'authorizationId',
  'receivingStorageLocationReference',
  'receivingAuthorizationId',
  'preferentialOriginCountry',
  'nonPreferentialOriginCountry',
  'blendItemId',
  'blendQuantity',
  'blendUom',
] as const;
export type LineField = (typeof LINE_FIELDS)[number];
/** `checked`: the user left the line or it was imported, so its errors show before sending. */
export type LineDraft = Readonly<Record<LineField, string>> & { readonly key: string; readonly checked?: boolean };

export const RULE_FIELDS = [
  'customsStatus',
  'isOfPreferentialOrigin',
  'preferentialOriginCountry',
  'nonPreferentialOriginCountry',
  'inboundDocRefNum',
  'inboundFunctionRefNum',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
/** customsStatus '' | Free | Bonded; isOfPreferentialOrigin '' (no constraint) | 'true' | 'false'. */
export type RuleDraft = Readonly<Record<RuleField, string>> & { readonly key: string };

export const HEADER_FIELDS = [
  'timestamp',
  'externalReference',
  'documentReference',
  'externalMovementType',
  'remark',
  'customsDestination',
  'category',
  'administrativeReferenceCode',
  'arcSequenceNumber',
  'docRefNum',
] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];

export interface MovementDraft extends Readonly<Record<HeaderField, string>> {
  readonly key: string;
  readonly movementType: MovementType;
  readonly writeOffRules: readonly RuleDraft[];
  readonly lines: readonly LineDraft[];
}

export interface OrderDraft {
  readonly version: string;
  readonly movements: readonly MovementDraft[];
}

/** Which parts of a movement apply to its type (specification, Movement order). */
export const hasDestinationAndRules = (type: string): boolean => type === 'RFFC' || type === 'ADJN';
export const hasReceiving = (type: string): boolean => type === 'TRFA' || type === 'TRFR';
export const hasBlend = (type: string): boolean => type === 'TRFB';
export const hasAdjustment = (type: string): boolean => type === 'ADJP' || type === 'ADJN';

let counter = 0;
/** Keys for React lists and drag-and-drop; unique within the page's life. */
export const newKey = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

const blank = <F extends string>(fields: readonly F[]): Record<F, string> =>
  Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>;

export const emptyLine = (values: Partial<Record<LineField, string>> = {}): LineDraft => ({
  ...blank(LINE_FIELDS),
  direction: 'Out',
  ...values,
  key: newKey('line'),
});
export const emptyRule = (values: Partial<Record<RuleField, string>> = {}): RuleDraft => ({
  ...blank(RULE_FIELDS),
  ...values,
  key: newKey('rule'),
});
export const emptyMovement = (now: Date = new Date()): MovementDraft => ({
  ...blank(HEADER_FIELDS),
  timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  movementType: 'RFFC',
  writeOffRules: [],
  lines: [emptyLine()],
  key: newKey('movement'),
});
export const emptyOrder = (now?: Date): OrderDraft => ({ version: '', movements: [emptyMovement(now)] });

/** A line with nothing typed in it (direction has a default, so it does not count). */
export const isBlankLine = (line: LineDraft): boolean => LINE_FIELDS.every((f) => f === 'direction' || line[f].trim() === '');

/**
 * A typed or imported value as a number, read by the console's one number reader with the user's
 * locale ("1 234,5" and "1234.5" → 1234.5). Anything else, or a value that reads two ways, stays
 * text, so the checks report it at its field.
 */
export function parseDecimal(text: string, locale?: string): number | string {
  const reading = readValue(text, locale);
  return reading.kind === 'number' ? reading.value : text;
}

/** The number fields of a line: pasted columns of them are read together (model/create/line-numbers.ts). */
export const NUMBER_LINE_FIELDS = ['quantity', 'asv', 'blendQuantity'] as const satisfies readonly LineField[];
export type NumberLineField = (typeof NUMBER_LINE_FIELDS)[number];

const text = (v: string): string | undefined => (v.trim() === '' ? undefined : v.trim());
const num = (v: string): number | string | undefined => (v.trim() === '' ? undefined : parseDecimal(v));
const code = (v: string): string | undefined => text(v)?.toUpperCase();

/** Drops undefined members, so the JSON has only what the user gave. */
function defined(o: Json): Json {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** JSON as typed: the contract schema decides whether it is a MovementIngest. */
export type Json = Record<string, unknown>;

// Values that are not numbers stay strings here: the checks report them at their field.
export function toMovementLine(line: LineDraft, type: string): Json {
  const blend = hasBlend(type) && (text(line.blendItemId) ?? text(line.blendQuantity) ?? text(line.blendUom)) !== undefined;
  return defined({
    itemId: text(line.itemId),
    itemDescription: text(line.itemDescription),
    direction: text(line.direction),
    serialBatchReference: text(line.serialBatchReference),
    quantity: num(line.quantity),
    uom: code(line.uom),
    exciseProductCode: code(line.exciseProductCode),
    asv: num(line.asv),
    storageLocationReference: text(line.storageLocationReference),
    authorizationId: text(line.authorizationId),
    receivingStorageLocationReference: hasReceiving(type) ? text(line.receivingStorageLocationReference) : undefined,
    receivingAuthorizationId: hasReceiving(type) ? text(line.receivingAuthorizationId) : undefined,
    preferentialOriginCountry: code(line.preferentialOriginCountry),
    nonPreferentialOriginCountry: code(line.nonPreferentialOriginCountry),
    blendResult: blend
      ? defined({ itemId: text(line.blendItemId), quantity: num(line.blendQuantity), uom: code(line.blendUom) })
      : undefined,
  });
}

export function toWriteOffRule(rule: RuleDraft): Json {
  const preferential = rule.isOfPreferentialOrigin === '' ? undefined : rule.isOfPreferentialOrigin === 'true';
  return defined({
    customsStatus: text(rule.customsStatus),
    isOfPreferentialOrigin: preferential,
    preferentialOriginCountry: code(rule.preferentialOriginCountry),
    nonPreferentialOriginCountry: code(rule.nonPreferentialOriginCountry),
    inboundDocRefNum: text(rule.inboundDocRefNum),
    inboundFunctionRefNum: text(rule.inboundFunctionRefNum),
  });
}

/** The movement as sent: fields of other movement types are left out, whatever was typed in them before the type changed. */
export function toMovement(m: MovementDraft): Json {
  const type = m.movementType;
  const adjustment: Json = hasAdjustment(type)
    ? defined({
        administrativeReferenceCode: text(m.administrativeReferenceCode),
        arcSequenceNumber: num(m.arcSequenceNumber),
        docRefNum: text(m.docRefNum),
      })
    : {};
  return defined({
    timestamp: text(m.timestamp),
    documentReference: text(m.documentReference),
    externalReference: text(m.externalReference) ?? '',
    movementType: type,
    externalMovementType: text(m.externalMovementType),
    category: hasAdjustment(type) ? text(m.category) : undefined,
    remark: text(m.remark),
    customsDestination: hasDestinationAndRules(type) ? text(m.customsDestination) : undefined,
    adjustmentData: Object.keys(adjustment).length > 0 ? adjustment : undefined,
    writeOffRules: hasDestinationAndRules(type) && m.writeOffRules.length > 0 ? m.writeOffRules.map(toWriteOffRule) : undefined,
    movementLines: m.lines.map((line) => toMovementLine(line, type)),
  });
}

export const toMovementIngest = (order: OrderDraft): Json =>
  defined({ version: text(order.version), movements: order.movements.map(toMovement) });
