import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GoodsItemDocument, JsonObject } from '../store/declarations/declaration-record.js';
import { isPlainObject, mergeGoodsItems, mergeSelective, stableStringify, withoutNulls } from './selective-update.js';

/**
 * Property-based checks (issue 11) of the selective update model (specification, Resources) and
 * of the goods-item rules (casReference merge, collection replace), over generated documents.
 */
const key = fc.constantFrom('a', 'b', 'c', 'd', 'declType', 'goodsShipment', 'commodity', 'description', 'gmass');
const scalar = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const { doc } = fc.letrec<{ doc: JsonObject; value: unknown }>((tie) => ({
  doc: fc.dictionary(key, tie('value'), { maxKeys: 4, depthIdentifier: 'doc' }),
  value: fc.oneof({ maxDepth: 3, depthIdentifier: 'doc' }, scalar, fc.constant(null), fc.array(scalar, { maxLength: 3 }), tie('doc')),
}));
const same = (a: unknown, b: unknown): boolean => stableStringify(a) === stableStringify(b);

function hasNestedNull(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  return Object.values(value).some((v) => v === null || hasNestedNull(v));
}

describe('selective update (merge) rules', () => {
  it('keeps absent fields, clears null ones, replaces scalars and arrays, merges objects', () => {
    fc.assert(
      fc.property(doc, doc, (target, patch) => {
        const out = mergeSelective(target, patch);
        for (const [k, v] of Object.entries(target)) if (!(k in patch)) expect(same(out[k], v)).toBe(true);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) expect(k in out).toBe(false);
          else if (isPlainObject(v)) {
            const before = target[k];
            expect(same(out[k], mergeSelective(isPlainObject(before) ? before : {}, v))).toBe(true);
          } else expect(same(out[k], v)).toBe(true);
        }
      }),
    );
  });

  it('is idempotent, leaves its inputs alone, and an empty patch changes nothing', () => {
    fc.assert(
      fc.property(doc, doc, (target, patch) => {
        const before = stableStringify([target, patch]);
        const once = mergeSelective(target, patch);
        expect(same(mergeSelective(once, patch), once)).toBe(true);
        expect(stableStringify([target, patch])).toBe(before);
        expect(same(mergeSelective(target, {}), target)).toBe(true);
      }),
    );
  });

  it('a new document keeps no null in any object', () => {
    fc.assert(
      fc.property(doc, (d) => {
        expect(hasNestedNull(withoutNulls(d))).toBe(false);
      }),
    );
  });
});

const cas = fc.constantFrom('1', '2', '3', '4', 'A', 'B', ' 2 ', '');
const itemData = fc.record(
  {
    commodity: fc.option(fc.record({ description: fc.string({ maxLength: 4 }) }), { nil: undefined }),
    gmass: fc.option(fc.integer(), { nil: undefined }),
  },
  { requiredKeys: [] },
);
const existingItems = fc
  .uniqueArray(fc.constantFrom('1', '2', '3', 'A'), { maxLength: 4 })
  .chain((refs) =>
    fc.tuple(
      ...refs.map((ref, i) => itemData.map((data): GoodsItemDocument => ({ id: `old-${i}`, casReference: ref, data: withoutNulls(data) }))),
    ),
  );
const incomingItems = fc.array(
  fc
    .tuple(fc.option(cas, { nil: undefined }), itemData)
    .map(([c, data]): JsonObject => withoutNulls({ ...data, ...(c === undefined ? {} : { casReference: c }) })),
  { maxLength: 6 },
);

describe('goods items (casReference merge, collection replace)', () => {
  it('follows the order sent, one item per element, with unique ids and casReferences', () => {
    fc.assert(
      fc.property(existingItems, incomingItems, (existing, incoming) => {
        let n = 0;
        const out = mergeGoodsItems(existing, incoming, () => `new-${++n}`);
        expect(out).toHaveLength(incoming.length);
        expect(new Set(out.map((i) => i.id)).size).toBe(out.length);
        expect(new Set(out.map((i) => i.casReference)).size).toBe(out.length);
        expect(out.every((i) => i.casReference.trim() !== '')).toBe(true);
      }),
    );
  });

  it('updates the first element naming an existing casReference in place, replaces the rest of the collection', () => {
    fc.assert(
      fc.property(existingItems, incomingItems, (existing, incoming) => {
        let n = 0;
        const out = mergeGoodsItems(existing, incoming, () => `new-${++n}`);
        const claimed = new Set<string>();
        incoming.forEach((item, i) => {
          const ref = typeof item.casReference === 'string' ? item.casReference.trim() : '';
          const match = ref && !claimed.has(ref) ? existing.find((e) => e.casReference === ref) : undefined;
          const result = out[i];
          if (match) {
            claimed.add(ref);
            const { casReference: _c, ...data } = item;
            expect(result?.id).toBe(match.id);
            expect(same(result?.data, mergeSelective(match.data, data))).toBe(true);
          } else expect(result?.id.startsWith('new-')).toBe(true);
        });
        // Existing items the collection does not name are gone.
        const kept = new Set(out.map((i) => i.id));
        for (const e of existing) expect(kept.has(e.id)).toBe(claimed.has(e.casReference));
      }),
    );
  });
});
