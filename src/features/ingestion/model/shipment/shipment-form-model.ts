import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  customsShipmentSchema,
  DIRECTIONS,
  MESSAGE_TYPES,
  type CustomsShipment,
  type CustomsShipmentInput,
} from '../../../../contract/customs-shipment';
import { asText, contractResolver, numberOrUndefined, textOrUndefined } from '../forms/contract-resolver';
import { ambiguityOf } from '../../../../lib/numbers/number-text';
import { asRecord, asRecords, isObject } from '../forms/is-object';

/** The customs shipment form (the specification's minimal import shipment), text as typed. */
export interface PackagingValues {
  type: string;
  quantity: string;
  shippingMarks: string;
}
export interface GoodsItemValues {
  description: string;
  commodityCode: string;
  itemId: string;
  gmass: string;
  nmass: string;
  amount: string;
  currency: string;
  packaging: PackagingValues[];
}
export interface ShipmentFormValues {
  externalReference: string;
  direction: string;
  messageType: string;
  storageLocationReference: string;
  declType: string;
  addDeclType: string;
  invoiceCurrency: string;
  declarationOfficeCode: string;
  consigneeName: string;
  consigneeEori: string;
  consignorName: string;
  consignorEori: string;
  goodsItems: GoodsItemValues[];
}

export const emptyPackaging = (): PackagingValues => ({ type: '', quantity: '', shippingMarks: '' });
export const emptyGoodsItem = (currency = ''): GoodsItemValues => ({
  description: '',
  commodityCode: '',
  itemId: '',
  gmass: '',
  nmass: '',
  amount: '',
  currency,
  packaging: [],
});

export const emptyShipment = (externalReference: string): ShipmentFormValues => ({
  externalReference,
  direction: 'IN',
  messageType: 'New',
  storageLocationReference: '',
  declType: 'IM',
  addDeclType: 'A',
  invoiceCurrency: '',
  declarationOfficeCode: '',
  consigneeName: '',
  consigneeEori: '',
  consignorName: '',
  consignorEori: '',
  goodsItems: [emptyGoodsItem()],
});

const OFFICE = /^[A-Z]{2}[A-Z0-9]{6}$/;
const CURRENCY = /^[A-Z]{3}$/;
const EORI = /^[A-Z]{2}[A-Z0-9]{1,15}$/;
const COMMODITY_CODE = /^\d{6}(\d{2}(\d{2})?)?$/;

const optional = (pattern: RegExp, message: string) => z.string().refine((s) => s.trim() === '' || pattern.test(s.trim()), message);
/** Empty, or a number at least `min`, read in the user's locale; one that reads two ways ("1.250") is asked about, not guessed. */
const amount = (min: number, integer = false) =>
  z.string().superRefine((s, ctx) => {
    const twoWays = ambiguityOf(s);
    const n = numberOrUndefined(s);
    const ok = n === undefined || (Number.isFinite(n) && n >= min && (!integer || Number.isInteger(n)));
    const message = twoWays ?? (ok ? undefined : `must be a${integer ? ' whole' : ''} number${min > 0 ? ' above zero' : ', zero or more'}`);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * Rules of the form beyond the contract's structure: what a GB import needs to become a valid
 * declaration in the sandbox's validations (office, currency and EORI formats, goods items with a
 * description or an article reference, net mass not above gross mass), checked before sending.
 */
export const shipmentFormSchema = z.object({
  externalReference: z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  direction: z.enum(DIRECTIONS, 'must be IN or OUT'),
  messageType: z.enum(MESSAGE_TYPES, `must be one of ${MESSAGE_TYPES.join(', ')}`),
  storageLocationReference: z.string(),
  declType: z.string(),
  addDeclType: z.string(),
  invoiceCurrency: optional(CURRENCY, 'must be a 3-letter currency code, e.g. GBP'),
  declarationOfficeCode: z
    .string()
    .trim()
    .min(1, 'is required: the customs office where the declaration is lodged')
    .regex(OFFICE, 'must be 8 characters: a country code and 6 letters or digits, e.g. GB000051'),
  consigneeName: z.string(),
  consigneeEori: optional(EORI, 'must be an EORI number: a country code and up to 15 letters or digits'),
  consignorName: z.string(),
  consignorEori: optional(EORI, 'must be an EORI number: a country code and up to 15 letters or digits'),
  goodsItems: z
    .array(
      z
        .object({
          description: z.string(),
          commodityCode: optional(COMMODITY_CODE, 'must be 6, 8 or 10 digits'),
          itemId: z.string(),
          gmass: amount(0),
          nmass: amount(0),
          amount: amount(0),
          currency: optional(CURRENCY, 'must be a 3-letter currency code, e.g. GBP'),
          packaging: z.array(
            z.object({ type: z.string().trim().min(1, 'is required'), quantity: amount(1, true), shippingMarks: z.string() }),
          ),
        })
        .superRefine((item, ctx) => {
          if (item.description.trim() === '' && item.itemId.trim() === '')
            ctx.addIssue({
              code: 'custom',
              path: ['description'],
              message: 'is required (or an article item id, from which it is deduced)',
            });
          const g = numberOrUndefined(item.gmass);
          const n = numberOrUndefined(item.nmass);
          if (g !== undefined && n !== undefined && n > g)
            ctx.addIssue({ code: 'custom', path: ['nmass'], message: 'must not be above the gross mass' });
          if (item.amount.trim() !== '' && item.currency.trim() === '')
            ctx.addIssue({ code: 'custom', path: ['currency'], message: 'is required with an amount' });
        }),
    )
    .min(1, 'needs at least one goods item'),
});

const party = (name: string, eori: string) =>
  name.trim() === '' && eori.trim() === ''
    ? undefined
    : { name: textOrUndefined(name), businessPartnerReference: eori.trim() === '' ? undefined : [{ code: eori.trim(), type: 'Eori' }] };

/** The form as the POST /v1/customsshipments body. */
export function toShipmentMessage(v: ShipmentFormValues): CustomsShipmentInput {
  return {
    externalReference: v.externalReference.trim(),
    direction: v.direction === 'OUT' ? 'OUT' : 'IN',
    messageType: MESSAGE_TYPES.find((t) => t === v.messageType) ?? 'New',
    storageLocationReference: textOrUndefined(v.storageLocationReference),
    singleAdministrativeDocument: {
      declType: textOrUndefined(v.declType),
      addDeclType: textOrUndefined(v.addDeclType),
      invoiceCurrency: textOrUndefined(v.invoiceCurrency),
      declarationOfficeCode: v.declarationOfficeCode.trim(),
      goodsShipment: {
        consignee: party(v.consigneeName, v.consigneeEori),
        consignor: party(v.consignorName, v.consignorEori),
        governmentAgencyGoodsItems: v.goodsItems.map((g) => ({
          commodity: {
            description: textOrUndefined(g.description),
            itemId: textOrUndefined(g.itemId),
            classification: g.commodityCode.trim() === '' ? undefined : { id: g.commodityCode.trim() },
          },
          goodsMeasure:
            g.gmass.trim() === '' && g.nmass.trim() === ''
              ? undefined
              : { gmass: numberOrUndefined(g.gmass), nmass: numberOrUndefined(g.nmass) },
          customsValue: g.amount.trim() === '' ? undefined : { amount: numberOrUndefined(g.amount), currency: textOrUndefined(g.currency) },
          packaging:
            g.packaging.length === 0
              ? undefined
              : g.packaging.map((p) => ({
                  type: p.type.trim(),
                  quantity: numberOrUndefined(p.quantity),
                  shippingMarks: textOrUndefined(p.shippingMarks),
                })),
        })),
      },
    },
  };
}

const eoriOf = (p: Record<string, unknown>) =>
  asText(asRecords(p['businessPartnerReference']).find((r) => asText(r['type']).toLowerCase() === 'eori')?.['code']);

/** A shipment message from a file as form values (the fields the form has; others are not kept). */
export function shipmentFormValuesFrom(message: unknown): ShipmentFormValues {
  const m = asRecord(message);
  const sad = asRecord(m['singleAdministrativeDocument']);
  const gs = asRecord(sad['goodsShipment'] ?? m['goodsShipment']);
  const consignee = asRecord(gs['consignee']);
  const consignor = asRecord(gs['consignor']);
  return {
    externalReference: asText(m['externalReference']),
    direction: asText(m['direction']),
    messageType: asText(m['messageType']) || 'New',
    storageLocationReference: asText(m['storageLocationReference']),
    declType: asText(sad['declType']),
    addDeclType: asText(sad['addDeclType']),
    invoiceCurrency: asText(sad['invoiceCurrency']),
    declarationOfficeCode: asText(sad['declarationOfficeCode']),
    consigneeName: asText(consignee['name']),
    consigneeEori: eoriOf(consignee),
    consignorName: asText(consignor['name']),
    consignorEori: eoriOf(consignor),
    goodsItems: asRecords(gs['governmentAgencyGoodsItems']).map((g) => {
      const commodity = asRecord(g['commodity']);
      const measure = asRecord(g['goodsMeasure']);
      const value = asRecord(g['customsValue']);
      return {
        description: asText(commodity['description']),
        commodityCode: asText(asRecord(commodity['classification'])['id']),
        itemId: asText(commodity['itemId']),
        gmass: asText(measure['gmass']),
        nmass: asText(measure['nmass']),
        amount: asText(value['amount']),
        currency: asText(value['currency']),
        packaging: asRecords(g['packaging']).map((p) => ({
          type: asText(p['type']),
          quantity: asText(p['quantity']),
          shippingMarks: asText(p['shippingMarks']),
        })),
      };
    }),
  };
}

export const isShipmentFormValues = (v: unknown): v is ShipmentFormValues =>
  isObject(v) && Array.isArray(v['goodsItems']) && typeof v['externalReference'] === 'string';

/** The form's rules, then the contract's schema on the message it makes. */
export const shipmentResolver = contractResolver<ShipmentFormValues, CustomsShipment>(
  shipmentFormSchema.transform(toShipmentMessage).pipe(customsShipmentSchema),
  (v) => v,
);

const HEADER_FIELDS: Readonly<Record<string, ShipmentField>> = {
  externalReference: 'externalReference',
  direction: 'direction',
  messageType: 'messageType',
  storageLocationReference: 'storageLocationReference',
  'singleAdministrativeDocument.invoiceCurrency': 'invoiceCurrency',
  'singleAdministrativeDocument.declarationOfficeCode': 'declarationOfficeCode',
};
const ITEM_FIELDS: Readonly<Record<string, keyof Omit<GoodsItemValues, 'packaging'>>> = {
  'commodity.description': 'description',
  'commodity.itemId': 'itemId',
  'commodity.classification.id': 'commodityCode',
  'goodsMeasure.gmass': 'gmass',
  'goodsMeasure.nmass': 'nmass',
  'customsValue.amount': 'amount',
  'customsValue.currency': 'currency',
};
const ITEM_PATH = /^singleAdministrativeDocument\.goodsShipment\.governmentAgencyGoodsItems\.(\d+)\.(.+)$/;
const PACKAGE_PATH = /^packaging\.(\d+)\.(type|quantity)$/;
const PARTY_PATH = /^singleAdministrativeDocument\.goodsShipment\.(consignee|consignor)\.businessPartnerReference\b/;

type ShipmentField = FieldPath<ShipmentFormValues>;

/**
 * The form field that shows a server error on a message path (the service's 400 names body paths);
 * undefined for paths the form has no control with an error for (they go to the form's summary).
 */
export function shipmentFieldOf(path: string): ShipmentField | undefined {
  const header = HEADER_FIELDS[path];
  if (header) return header;
  const party = PARTY_PATH.exec(path);
  if (party) return party[1] === 'consignee' ? 'consigneeEori' : 'consignorEori';
  const item = ITEM_PATH.exec(path);
  if (!item) return undefined;
  const [, index, rest = ''] = item;
  const field = ITEM_FIELDS[rest];
  if (field) return `goodsItems.${Number(index)}.${field}`;
  const pkg = PACKAGE_PATH.exec(rest);
  return pkg ? `goodsItems.${Number(index)}.packaging.${Number(pkg[1])}.${pkg[2] === 'type' ? 'type' : 'quantity'}` : undefined;
}
