import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, readDraft, writeDraft, type DraftStorage } from './action-drafts';

const memory = (): DraftStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};

describe('action drafts', () => {
  const key = draftKey('d-1', 'receiptReport');

  it('keys drafts by declaration and action', () => {
    expect(key).toBe('customs-console.action-draft.v1.d-1.receiptReport');
    expect(draftKey('d-1', 'changeDestination')).not.toBe(key);
  });

  it('writes, reads back and clears a draft', () => {
    const storage = memory();
    writeDraft(storage, key, { a: { b: 1 } }, new Date('2026-05-01T10:00:00Z'));
    expect(readDraft(storage, key)).toEqual({ savedAt: '2026-05-01T10:00:00.000Z', values: { a: { b: 1 } } });
    clearDraft(storage, key);
    expect(readDraft(storage, key)).toBeUndefined();
  });

  it('ignores unreadable drafts and survives a storage that throws', () => {
    const storage = memory();
    storage.map.set(key, '{not json');
    expect(readDraft(storage, key)).toBeUndefined();
    storage.map.set(key, JSON.stringify({ values: [] }));
    expect(readDraft(storage, key)).toBeUndefined();
    const broken: DraftStorage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => { throw new Error('denied'); } };
    expect(() => writeDraft(broken, key, {})).not.toThrow();
    expect(readDraft(broken, key)).toBeUndefined();
    expect(() => clearDraft(broken, key)).not.toThrow();
    expect(readDraft(undefined, key)).toBeUndefined();
  });
});
