import { describe, expect, it } from 'vitest';
import { addGoodsItem, mergeGoodsItems, mergeSelective, patchDocument, stableStringify } from './selective-update.js';

let n = 0;
const newId = () => `id-${++n}`;
const existing = [
  {
    id: 'g1',
    casReference: '1',
    data: { commodity: { description: 'A', classification: { id: '85171300' } }, goodsMeasure: { gmass: 2, nmass: 1 } },
  },
  { id: 'g2', casReference: '2', data: { commodity: { description: 'B' } } },
];

describe('selective update model', () => {
  it('changes only fields present, merges objects, clears with null, replaces plain arrays', () => {
    expect(mergeSelective({ a: 1, b: { c: 2, d: 3 }, e: [1, 2], f: 'x' }, { b: { c: 9 }, e: [3], f: null })).toEqual({
      a: 1,
      b: { c: 9, d: 3 },
      e: [3],
    });
  });

  it('goods items: partial update by casReference, add without/unknown casReference, remove omitted', () => {
    const merged = mergeGoodsItems(
      existing,
      [
        { casReference: '2', goodsMeasure: { gmass: 5 } },
        { commodity: { description: 'C' } },
        { casReference: 'X', commodity: { description: 'D' } },
      ],
      newId,
    );
    expect(merged.map((i) => [i.id, i.casReference])).toEqual([
      ['g2', '2'],
      ['id-1', '3'],
      ['id-2', 'X'],
    ]);
    expect(merged[0]?.data).toEqual({ commodity: { description: 'B' }, goodsMeasure: { gmass: 5 } });
  });

  it('a collection without casReference values fully replaces the items; no array keeps them; null removes them', () => {
    const doc = { header: { declType: 'IM', goodsShipment: { consignee: { name: 'x' } } }, items: existing };
    const replaced = patchDocument(doc, { goodsShipment: { governmentAgencyGoodsItems: [{ commodity: { description: 'new' } }] } }, newId);
    expect(replaced.items).toHaveLength(1);
    expect(replaced.items[0]?.data).toEqual({ commodity: { description: 'new' } });
    expect(replaced.header).toEqual(doc.header);
    expect(patchDocument(doc, { declType: 'EX' }, newId)).toEqual({
      header: { declType: 'EX', goodsShipment: { consignee: { name: 'x' } } },
      items: existing,
    });
    expect(patchDocument(doc, { goodsShipment: { governmentAgencyGoodsItems: null } }, newId).items).toEqual([]);
  });

  it('adds one item with a fresh casReference when its own is taken', () => {
    const added = addGoodsItem(existing, { casReference: '1', commodity: { description: 'dup' } }, newId);
    expect(added[2]?.casReference).toBe('3');
  });

  it('stableStringify ignores key order', () => {
    expect(stableStringify({ b: 1, a: { d: 1, c: 2 } })).toBe(stableStringify({ a: { c: 2, d: 1 }, b: 1 }));
  });
});
