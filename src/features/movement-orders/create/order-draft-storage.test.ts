import { describe, expect, it } from 'vitest';
import { emptyLine, emptyOrder, emptyRule } from './order-draft';
import { clearOrderDraft, orderDraftKey, readOrderDraft, writeOrderDraft, type DraftStorage } from './order-draft-storage';

const memory = (): DraftStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};

describe('order draft storage', () => {
  it('keeps a draft per user and reads it back with new keys', () => {
    const storage = memory();
    const order = emptyOrder(new Date('2026-02-01T00:00:00Z'));
    const first = order.movements[0];
    if (!first) throw new Error('no movement');
    const edited = { ...order, movements: [{ ...first, externalReference: 'WMS-9', writeOffRules: [emptyRule({ customsStatus: 'Free' })], lines: [emptyLine({ itemId: 'A' })] }] };
    writeOrderDraft(storage, orderDraftKey('clerk-1'), edited, new Date('2026-02-01T01:00:00Z'));
    expect(readOrderDraft(storage, orderDraftKey('clerk-2'))).toBeUndefined();
    const back = readOrderDraft(storage, orderDraftKey('clerk-1'));
    expect(back?.savedAt).toBe('2026-02-01T01:00:00.000Z');
    expect(back?.order.movements[0]).toMatchObject({ externalReference: 'WMS-9', writeOffRules: [{ customsStatus: 'Free' }], lines: [{ itemId: 'A', direction: 'Out' }] });
    expect(back?.order.movements[0]?.lines[0]?.key).toMatch(/^line-/);
    clearOrderDraft(storage, orderDraftKey('clerk-1'));
    expect(readOrderDraft(storage, orderDraftKey('clerk-1'))).toBeUndefined();
  });

  it('ignores a draft that is not ours or not JSON, and survives a storage that throws', () => {
    const storage = memory();
    storage.map.set('k', '{"savedAt":"x","order":{"movements":[{"movementType":"NOPE"}]}}');
    expect(readOrderDraft(storage, 'k')).toBeUndefined();
    storage.map.set('k', 'not json');
    expect(readOrderDraft(storage, 'k')).toBeUndefined();
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    expect(() => writeOrderDraft(broken, 'k', emptyOrder())).not.toThrow();
    expect(readOrderDraft(broken, 'k')).toBeUndefined();
  });
});
