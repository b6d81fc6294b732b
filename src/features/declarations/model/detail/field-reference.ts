import type { DeclarationError, DeclarationGoodsItem } from '../../../../contract/declarations';
import { goodsItemFieldOfName, goodsItemFieldOfPath, type GoodsItemField } from './goods-item-fields';
import { headerFieldOfCustomsPointer, headerFieldOfPath, type HeaderField } from './header-fields';

/** Where an error points: a header field, a goods item field (by item id), or nowhere the console can open. */
export type FieldTarget =
  | { kind: 'header'; field: HeaderField }
  | { kind: 'item'; itemId: string; sequenceNumber: number; field: GoodsItemField | undefined }
  | { kind: 'none' };

const ITEMS_PATH = /(?:^|\.)governmentAgencyGoodsItems\[(?:(\d+)|casReference=([^\]]+))\]\.?(.*)$/;
/** Customs pointer to an item: `GovernmentAgencyGoodsItem(1)->CustomsValueAmount`, 1-based sequence number. */
const CUSTOMS_ITEM_POINTER = /GovernmentAgencyGoodsItem\((\d+)\)(?:->(.*))?$/i;

type ItemRef = Pick<DeclarationGoodsItem, 'governmentAgencyGoodsItemId' | 'casReference' | 'sequenceNumber'>;

/**
 * Resolves one fieldReference ({fieldName, path}) against the declaration's goods items:
 * service paths address items by index (`governmentAgencyGoodsItems[29].commodity...`) or by
 * casReference; customs authority pointers by sequence number. fieldName is the fallback when
 * the path's leaf is not a form field.
 */
export function resolveFieldReference(ref: { fieldName: string; path: string }, items: readonly ItemRef[]): FieldTarget {
  const item = ITEMS_PATH.exec(ref.path);
  if (item) {
    const [, index, casReference, rest = ''] = item;
    const found = index !== undefined ? items[Number(index)] : items.find((i) => i.casReference === casReference);
    if (!found) return { kind: 'none' };
    return {
      kind: 'item',
      itemId: found.governmentAgencyGoodsItemId,
      sequenceNumber: found.sequenceNumber,
      field: goodsItemFieldOfPath(rest) ?? goodsItemFieldOfName(ref.fieldName),
    };
  }
  const pointer = CUSTOMS_ITEM_POINTER.exec(ref.path);
  if (pointer) {
    const found = items.find((i) => i.sequenceNumber === Number(pointer[1]));
    if (!found) return { kind: 'none' };
    // The short fieldName is more precise than the pointer's leaf (CDS12082 names `currency` on CustomsValueAmount).
    const field = goodsItemFieldOfName(ref.fieldName) ?? goodsItemFieldOfName(pointer[2] ?? '');
    return { kind: 'item', itemId: found.governmentAgencyGoodsItemId, sequenceNumber: found.sequenceNumber, field };
  }
  const header = headerFieldOfPath(ref.path) ?? (ref.path.includes('->') ? headerFieldOfCustomsPointer(ref.path) : undefined);
  return header ? { kind: 'header', field: header } : { kind: 'none' };
}

/** The first place the error points at that the console can open. */
export function errorTarget(error: DeclarationError, items: readonly ItemRef[]): FieldTarget {
  for (const ref of error.fieldReference) {
    const target = resolveFieldReference(ref, items);
    if (target.kind !== 'none') return target;
  }
  return { kind: 'none' };
}

/** Errors per goods item id and field, for the table's row markers and the editor's field messages. */
export function itemErrorIndex(
  errors: readonly DeclarationError[],
  items: readonly ItemRef[],
): Map<string, { field: GoodsItemField | undefined; error: DeclarationError }[]> {
  const out = new Map<string, { field: GoodsItemField | undefined; error: DeclarationError }[]>();
  for (const error of errors) {
    for (const ref of error.fieldReference) {
      const target = resolveFieldReference(ref, items);
      if (target.kind !== 'item') continue;
      const list = out.get(target.itemId) ?? [];
      list.push({ field: target.field, error });
      out.set(target.itemId, list);
    }
  }
  return out;
}

/** Errors per header field, for messages next to the header's fields. */
export function headerErrorIndex(errors: readonly DeclarationError[], items: readonly ItemRef[]): Map<HeaderField, DeclarationError[]> {
  const out = new Map<HeaderField, DeclarationError[]>();
  for (const error of errors) {
    for (const ref of error.fieldReference) {
      const target = resolveFieldReference(ref, items);
      if (target.kind !== 'header') continue;
      out.set(target.field, [...(out.get(target.field) ?? []), error]);
    }
  }
  return out;
}

/** V-prefixed codes are the service's own validation; every other code comes from a customs authority. */
export function groupErrors(errors: readonly DeclarationError[]): { internal: DeclarationError[]; customs: DeclarationError[] } {
  const internal = errors.filter((e) => /^V/i.test(e.errorCode));
  return { internal, customs: errors.filter((e) => !internal.includes(e)) };
}
