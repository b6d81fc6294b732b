import { getOwn, setOwn } from '../../contract/plain-data.js';
import type { GoodsItemDocument, JsonObject } from '../store/declarations/declaration-record.js';

/**
 * The selective update model (specification, Resources): only fields present change, absent
 * fields stay; objects merge field by field; null clears a field (sandbox default); an array
 * replaces the old array, except goods items, which merge by casReference (mergeGoodsItems).
 */

export const isPlainObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export function mergeSelective(target: JsonObject, patch: JsonObject): JsonObject {
  const out: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else if (isPlainObject(value)) {
      const current = getOwn(out, key);
      setOwn<unknown>(out, key, mergeSelective(isPlainObject(current) ? current : {}, value));
    } else setOwn<unknown>(out, key, value);
  }
  return out;
}

/** Removes nulls (a new document has nothing to clear). */
export function withoutNulls(value: JsonObject): JsonObject {
  return mergeSelective({}, value);
}

const OUTPUT_ONLY = ['governmentAgencyGoodsItemId', 'sequenceNumber', 'casReference'];
function itemData(item: JsonObject): JsonObject {
  const data: JsonObject = { ...item };
  for (const k of OUTPUT_ONLY) delete data[k];
  return data;
}

const casOf = (item: JsonObject): string | undefined => {
  const c = item.casReference;
  return typeof c === 'string' && c.trim() ? c.trim() : undefined;
};

/** A casReference not used yet: the lowest free number from the item count up ("1", "2", ...). */
function freeCasReference(used: Set<string>, from: number): string {
  let n = from;
  while (used.has(String(n))) n++;
  return String(n);
}

/** New goods items (a new declaration): every item gets an id and a casReference (its own, or a generated number). */
export function newGoodsItems(incoming: readonly JsonObject[], newId: () => string): GoodsItemDocument[] {
  return mergeGoodsItems([], incoming, newId);
}

/**
 * Goods items sent as an array (specification, Declarations): an item with a matching
 * casReference is partially updated; an item without casReference or with an unknown one is
 * added; an existing item omitted from the array is removed. The result follows the order sent.
 */
export function mergeGoodsItems(
  existing: readonly GoodsItemDocument[],
  incoming: readonly JsonObject[],
  newId: () => string,
): GoodsItemDocument[] {
  const byCas = new Map(existing.map((i) => [i.casReference, i]));
  const used = new Set<string>();
  for (const item of incoming) {
    const cas = casOf(item);
    if (cas) used.add(cas);
  }
  const out: GoodsItemDocument[] = [];
  for (const item of incoming) {
    const cas = casOf(item);
    const match = cas ? byCas.get(cas) : undefined;
    if (match && cas) {
      byCas.delete(cas); // a casReference sent twice: the second is a new item
      out.push({ ...match, data: mergeSelective(match.data, itemData(item)) });
    } else {
      const casReference = cas && !out.some((o) => o.casReference === cas) ? cas : freeCasReference(used, out.length + 1);
      used.add(casReference);
      out.push({ id: newId(), casReference, data: withoutNulls(itemData(item)) });
    }
  }
  return out;
}

/** One item added (POST .../items): appended with a new id; its casReference is kept when unused, otherwise generated. */
export function addGoodsItem(existing: readonly GoodsItemDocument[], item: JsonObject, newId: () => string): GoodsItemDocument[] {
  const used = new Set(existing.map((i) => i.casReference));
  const cas = casOf(item);
  const casReference = cas && !used.has(cas) ? cas : freeCasReference(used, existing.length + 1);
  return [...existing, { id: newId(), casReference, data: withoutNulls(itemData(item)) }];
}

/** Stable JSON (sorted keys), to compare documents. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableStringify(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Applies a singleAdministrativeDocument patch to a declaration document: header fields
 * selectively; goods items by casReference when the array is sent, kept when it is absent,
 * all removed when it is null.
 */
export function patchDocument(
  doc: { header: JsonObject; items: GoodsItemDocument[] },
  sadPatch: JsonObject,
  newId: () => string,
): { header: JsonObject; items: GoodsItemDocument[] } {
  const gs = isPlainObject(sadPatch.goodsShipment) ? sadPatch.goodsShipment : undefined;
  const itemsPatch = gs?.governmentAgencyGoodsItems;
  let headerPatch = sadPatch;
  if (gs) {
    const { governmentAgencyGoodsItems: _items, ...rest } = gs;
    headerPatch = { ...sadPatch, goodsShipment: rest };
  }
  const header = mergeSelective(doc.header, headerPatch);
  const items = Array.isArray(itemsPatch)
    ? mergeGoodsItems(doc.items, itemsPatch.filter(isPlainObject), newId)
    : itemsPatch === null
      ? []
      : doc.items;
  return { header, items };
}
