import { describe, expect, it } from 'vitest';
import { readDraft, writeDraft, type DraftStorage } from '../../../../lib/draft-storage';
import { emptyLine, emptyOrder, emptyRule } from './order-draft';
import { ConsoleSession } from '../../../../lib/session/console-session';
import { memoryStorage } from '../../../../lib/test-support/memory-storage';
import { ORDER_DRAFT_KEY, orderDraftSchema, storedOrder } from './order-draft-storage';

const memory = (): DraftStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};

describe('order draft storage', () => {
  it('keeps a draft per user and reads it back with new keys', () => {
    const browser = memoryStorage();
    const { storage } = new ConsoleSession({ tenantId: 't-1', userId: 'clerk-1' }, browser, () => undefined);
    const other = new ConsoleSession({ tenantId: 't-1', userId: 'clerk-2' }, browser, () => undefined).storage;
    const order = emptyOrder(new Date('2026-02-01T00:00:00Z'));
    const first = order.movements[0];
    if (!first) throw new Error('no movement');
    const edited = {
      ...order,
      movements: [
        {
          ...first,
          externalReference: 'WMS-9',
          writeOffRules: [emptyRule({ customsStatus: 'Free' })],
          lines: [emptyLine({ itemId: 'A' })],
        },
      ],
    };
    writeDraft(storage, ORDER_DRAFT_KEY, storedOrder(edited), new Date('2026-02-01T01:00:00Z'));
    expect(readDraft(other, ORDER_DRAFT_KEY, orderDraftSchema)).toBeUndefined();
    const back = readDraft(storage, ORDER_DRAFT_KEY, orderDraftSchema);
    expect(back?.savedAt).toBe('2026-02-01T01:00:00.000Z');
    expect(back?.value.movements[0]).toMatchObject({
      externalReference: 'WMS-9',
      writeOffRules: [{ customsStatus: 'Free' }],
      lines: [{ itemId: 'A', direction: 'Out' }],
    });
    expect(back?.value.movements[0]?.lines[0]?.key).toMatch(/^line-/);
    expect(JSON.stringify(storedOrder(edited))).not.toContain('"key"');
  });

  it('stores only the filled fields of a line and reads the others back empty', () => {
    const storage = memory();
    const order = emptyOrder(new Date('2026-02-01T00:00:00Z'));
    const first = order.movements[0];
    if (!first) throw new Error('no movement');
    const line = { ...emptyLine({ itemId: 'A', quantity: '3' }), checked: true };
    const stored = storedOrder({ ...order, movements: [{ ...first, lines: [line] }] });
    expect(stored.movements[0]?.lines).toEqual([{ itemId: 'A', direction: 'Out', quantity: '3' }]);
    writeDraft(storage, 'k', stored);
    const { key: _key, checked: _checked, ...fields } = line;
    expect(readDraft(storage, 'k', orderDraftSchema)?.value.movements[0]?.lines[0]).toMatchObject(fields);
  });

  it('ignores a stored order with an unknown movement type', () => {
    const storage = memory();
    storage.map.set('k', '{"savedAt":"x","value":{"movements":[{"movementType":"NOPE"}]}}');
    expect(readDraft(storage, 'k', orderDraftSchema)).toBeUndefined();
  });
});
