import { z } from 'zod';
import { EXCISE_PRODUCTS, codesOf } from '../../../../contract/code-lists/emcs';
import { goodsItemSchema, type GoodsItemInput } from '../../../../contract/customs-shipment';
import type { DeclarationGoodsItem } from '../../../../contract/declarations';
import type { ServerErrorMapping } from '../../../../lib/form-errors';
import { ambiguityOf, numberText, typedNumber } from '../../../../lib/numbers/number-text';
import { GOODS_ITEM_FIELDS, goodsItemFieldOfPath, type GoodsItemField } from './goods-item-fields';

/** The editor holds every field as text (what the user typed); numbers are parsed on the way out. */
export type GoodsItemFormValues = Record<GoodsItemField, string>;

export const EMPTY_GOODS_ITEM: GoodsItemFormValues = {
  description: '',
  commodityCode: '',
  articleId: '',
  gmass: '',
  nmass: '',
  customsValueAmount: '',
  customsValueCurrency: '',
  packagingType: '',
  packagingQuantity: '',
  shippingMarks: '',
  exciseProductCode: '',
};

const text = (v: string | null | undefined): string => v ?? '';
/** A stored number as the user would type it, so it reads back the same in their locale ("1,125" in German). */
const numText = (v: number | null | undefined): string => (v === null || v === undefined ? '' : numberText(v));

export function goodsItemFormValues(item: DeclarationGoodsItem): GoodsItemFormValues {
  const pack = item.packaging?.[0];
  return {
    description: text(item.commodity?.description),
    commodityCode: text(item.commodity?.classification?.id),
    articleId: text(item.commodity?.itemId),
    gmass: numText(item.goodsMeasure?.gmass),
    nmass: numText(item.goodsMeasure?.nmass),
    customsValueAmount: numText(item.customsValue?.amount),
    customsValueCurrency: text(item.customsValue?.currency),
    packagingType: text(pack?.type),
    packagingQuantity: numText(pack?.quantity),
    shippingMarks: text(pack?.shippingMarks),
    exciseProductCode: text(item.exciseGoodsItem?.exciseProductCode),
  };
}

/** Typed text → number by the console's one number reader (user's locale); NaN when it is none or reads two ways. */
const toNumber = (v: string): number | null => typedNumber(v);
const toText = (v: string): string | null => (v.trim() === '' ? null : v.trim());

export interface GoodsItemRules {
  /** The header's invoice currency: the sandbox (V1023) and customs (CDS12082) want items in it. */
  invoiceCurrency: string | null | undefined;
  /** Excise movements need a BC36 excise product code (V1050, V1051). */
  excise: boolean;
}

/** A value that reads two ways ("1.250": 1250 or 1.25) is asked about at its field, never guessed. */
const decimal = (label: string) =>
  z.string().superRefine((v, ctx) => {
    const message =
      ambiguityOf(v) ??
      (v.trim() === '' || (Number.isFinite(toNumber(v)) && (toNumber(v) ?? 0) >= 0)
        ? undefined
        : `${label} must be a number of zero or more.`);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * The editor's schema: the rules the service checks that a form can check before the round trip
 * (sandbox V-codes: V1041-V1044, V1021-V1023, V1050-V1051), then the contract's goodsItemSchema
 * on the body that would be sent, so the form never sends what the service would refuse as 400.
 */
export function goodsItemFormSchema(rules: GoodsItemRules) {
  const exciseCodes = codesOf(EXCISE_PRODUCTS);
  return z
    .object({
      description: z.string().trim().min(1, 'Enter the goods description.').max(512),
      commodityCode: z
        .string()
        .trim()
        .refine((v) => v === '' || /^\d{8}(\d{2})?$/.test(v), 'The commodity code has 8 digits (10 with a national suffix).'),
      articleId: z.string().max(128),
      gmass: decimal('Gross mass'),
      nmass: decimal('Net mass'),
      customsValueAmount: decimal('Customs value'),
      customsValueCurrency: z
        .string()
        .trim()
        .refine((v) => v === '' || /^[A-Z]{3}$/.test(v), 'The currency is 3 capital letters (ISO 4217), e.g. EUR.'),
      packagingType: z.string().max(2, 'The package type is a 2-character code, e.g. PX.'),
      packagingQuantity: z.string().refine((v) => v.trim() === '' || /^\d+$/.test(v.trim()), 'The number of packages is a whole number.'),
      shippingMarks: z.string().max(512),
      exciseProductCode: z
        .string()
        .trim()
        .refine((v) => v === '' || exciseCodes.includes(v), 'Use an excise product code from the BC36 list, e.g. B000.'),
    })
    .superRefine((v, ctx) => {
      if (v.commodityCode === '' && v.articleId.trim() === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['commodityCode'],
          message: 'Enter a commodity code, or an article reference it can be taken from.',
        });
      }
      const gross = toNumber(v.gmass);
      const net = toNumber(v.nmass);
      if (gross !== null && net !== null && net > gross)
        ctx.addIssue({ code: 'custom', path: ['nmass'], message: 'The net mass cannot be above the gross mass.' });
      if (v.customsValueAmount.trim() !== '' && v.customsValueCurrency === '') {
        ctx.addIssue({ code: 'custom', path: ['customsValueCurrency'], message: 'Give the currency of the customs value.' });
      }
      if (rules.invoiceCurrency && v.customsValueCurrency !== '' && v.customsValueCurrency !== rules.invoiceCurrency) {
        ctx.addIssue({
          code: 'custom',
          path: ['customsValueCurrency'],
          message: `Use the invoice currency of the declaration (${rules.invoiceCurrency}).`,
        });
      }
      if (rules.excise && v.exciseProductCode === '')
        ctx.addIssue({ code: 'custom', path: ['exciseProductCode'], message: 'Excise movements need an excise product code.' });
      // A number field that does not read has its own message above; the body would only repeat it as "NaN".
      if ([v.gmass, v.nmass, v.customsValueAmount].some((t) => Number.isNaN(toNumber(t)))) return;
      const body = goodsItemSchema.safeParse(pruneNulls(patchFor(v, GOODS_ITEM_FIELDS)) ?? {});
      if (!body.success)
        for (const issue of body.error.issues)
          ctx.addIssue({ code: 'custom', path: [fieldOfIssue(issue.path) ?? 'description'], message: issue.message });
    });
}

const fieldOfIssue = (path: readonly PropertyKey[]): GoodsItemField | undefined => goodsItemFieldOfPath(path.map(String).join('.'));

/** The full item as sent to POST .../items (blank fields left out). */
export function goodsItemBody(v: GoodsItemFormValues): GoodsItemInput {
  return goodsItemSchema.parse(pruneNulls(patchFor(v, GOODS_ITEM_FIELDS)) ?? {});
}

/**
 * PATCH .../items/{id} with the selective update model: only the fields the user changed; a
 * cleared field is sent as null (clears it). The first package is sent whole, because the
 * service replaces arrays (packaging has no casReference to merge on).
 */
export function goodsItemPatch(v: GoodsItemFormValues, changed: readonly GoodsItemField[], current: DeclarationGoodsItem): GoodsItemInput {
  const patch = patchFor(v, changed);
  if (changed.some((f) => f === 'packagingType' || f === 'packagingQuantity' || f === 'shippingMarks')) {
    const rest = current.packaging?.slice(1) ?? [];
    const first = { type: toText(v.packagingType), quantity: toNumber(v.packagingQuantity), shippingMarks: toText(v.shippingMarks) };
    patch.packaging = [{ ...(current.packaging?.[0] ?? {}), ...first }, ...rest];
  }
  return patch;
}

function patchFor(v: GoodsItemFormValues, fields: readonly GoodsItemField[]): GoodsItemInput {
  const has = (f: GoodsItemField) => fields.includes(f);
  const out: GoodsItemInput = {};
  if (has('description') || has('articleId') || has('commodityCode')) {
    out.commodity = {
      ...(has('description') ? { description: toText(v.description) } : {}),
      ...(has('articleId') ? { itemId: toText(v.articleId) } : {}),
      ...(has('commodityCode') ? { classification: { id: toText(v.commodityCode) } } : {}),
    };
  }
  if (has('gmass') || has('nmass')) {
    out.goodsMeasure = { ...(has('gmass') ? { gmass: toNumber(v.gmass) } : {}), ...(has('nmass') ? { nmass: toNumber(v.nmass) } : {}) };
  }
  if (has('customsValueAmount') || has('customsValueCurrency')) {
    out.customsValue = {
      ...(has('customsValueAmount') ? { amount: toNumber(v.customsValueAmount) } : {}),
      ...(has('customsValueCurrency') ? { currency: toText(v.customsValueCurrency) } : {}),
    };
  }
  if (has('packagingType') || has('packagingQuantity') || has('shippingMarks')) {
    out.packaging = [{ type: toText(v.packagingType), quantity: toNumber(v.packagingQuantity), shippingMarks: toText(v.shippingMarks) }];
  }
  if (has('exciseProductCode')) out.exciseGoodsItem = { exciseProductCode: toText(v.exciseProductCode) };
  return out;
}

/** A new item has nothing to clear: nulls and emptied objects are left out. */
function pruneNulls(value: unknown): unknown {
  if (value === null) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((v: unknown) => pruneNulls(v)).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (typeof value === 'object' && value !== undefined) {
    const entries = Object.entries(value)
      .map(([k, v]: [string, unknown]) => [k, pruneNulls(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

/** Server field errors (invalid-parameters names such as `goodsMeasure.gmass`) land on form fields, in the form's order. */
export const goodsItemErrorMapping: ServerErrorMapping<GoodsItemField> = {
  fieldOf: (path) =>
    goodsItemFieldOfPath(path.replace(/^(singleAdministrativeDocument\.goodsShipment\.)?governmentAgencyGoodsItems\.\d+\./, '')),
  orderOf: (f) => GOODS_ITEM_FIELDS.indexOf(f),
};
