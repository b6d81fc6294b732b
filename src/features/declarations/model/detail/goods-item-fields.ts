/**
 * The goods item form's fields and where each lives in a goods item (the service's JSON paths).
 * One table serves the form, error jumps (fieldReference paths), server field errors
 * (invalid-parameters names) and the PATCH body, so a field has one name everywhere.
 */
export const GOODS_ITEM_FIELDS = [
  'description',
  'commodityCode',
  'articleId',
  'gmass',
  'nmass',
  'customsValueAmount',
  'customsValueCurrency',
  'packagingType',
  'packagingQuantity',
  'shippingMarks',
  'exciseProductCode',
] as const;
export type GoodsItemField = (typeof GOODS_ITEM_FIELDS)[number];

/** Path of each field inside one goods item; packaging means its first package. */
export const GOODS_ITEM_FIELD_PATHS: Record<GoodsItemField, string> = {
  description: 'commodity.description',
  commodityCode: 'commodity.classification.id',
  articleId: 'commodity.itemId',
  gmass: 'goodsMeasure.gmass',
  nmass: 'goodsMeasure.nmass',
  customsValueAmount: 'customsValue.amount',
  customsValueCurrency: 'customsValue.currency',
  packagingType: 'packaging[0].type',
  packagingQuantity: 'packaging[0].quantity',
  shippingMarks: 'packaging[0].shippingMarks',
  exciseProductCode: 'exciseGoodsItem.exciseProductCode',
};

/** `packaging.0.type`, `packaging[0].type` and `packaging.type` all name the same field. */
const normalise = (path: string): string => path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

const BY_PATH = new Map<string, GoodsItemField>(
  GOODS_ITEM_FIELDS.flatMap((f) => {
    const p = normalise(GOODS_ITEM_FIELD_PATHS[f]);
    return [[p, f] as const, [p.replace('.0.', '.'), f] as const];
  }),
);

/** Short names the service uses in fieldReference.fieldName and customs pointers. */
const BY_NAME: Record<string, GoodsItemField> = {
  description: 'description',
  'classification.id': 'commodityCode',
  commoditycode: 'commodityCode',
  classificationid: 'commodityCode',
  itemid: 'articleId',
  gmass: 'gmass',
  grossmass: 'gmass',
  nmass: 'nmass',
  netmass: 'nmass',
  amount: 'customsValueAmount',
  customsvalueamount: 'customsValueAmount',
  currency: 'customsValueCurrency',
  customsvaluecurrency: 'customsValueCurrency',
  exciseproductcode: 'exciseProductCode',
  shippingmarks: 'shippingMarks',
};

/** The form field of a path inside a goods item (`goodsMeasure.nmass` → nmass). */
export function goodsItemFieldOfPath(path: string): GoodsItemField | undefined {
  return BY_PATH.get(normalise(path));
}

/** The form field a short name points at (`currency`, `classification.id`, `CustomsValueAmount`). */
export function goodsItemFieldOfName(name: string): GoodsItemField | undefined {
  return BY_NAME[name.toLowerCase()] ?? BY_NAME[name.replace(/[^a-z.]/gi, '').toLowerCase()];
}
