import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearDraft, draftKey, readDraft, writeDraft, type DraftStorage } from './draft-storage';

const memory = (): DraftStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};

const schema = z.object({ a: z.object({ b: z.number() }) });

describe('draft storage', () => {
  const key = draftKey('action-draft', 2, 'd-1', 'receiptReport');

  it('keys drafts by kind, version and id', () => {
    expect(key).toBe('draft.action-draft.v2.d-1.receiptReport');
    expect(draftKey('action-draft', 2, 'd-1', 'changeDestination')).not.toBe(key);
    expect(draftKey('action-draft', 3, 'd-1', 'receiptReport')).not.toBe(key);
  });

  it('writes, reads back and clears a draft', () => {
    const storage = memory();
    writeDraft(storage, key, { a: { b: 1 } }, new Date('2026-05-01T10:00:00Z'));
    expect(readDraft(storage, key, schema)).toEqual({ savedAt: '2026-05-01T10:00:00.000Z', value: { a: { b: 1 } } });
    clearDraft(storage, key);
    expect(readDraft(storage, key, schema)).toBeUndefined();
  });

  it('ignores a draft of another shape rather than misreading it', () => {
    const storage = memory();
    writeDraft(storage, key, { a: { b: 'one' } });
    expect(readDraft(storage, key, schema)).toBeUndefined();
    storage.map.set(key, JSON.stringify({ value: { a: { b: 1 } } }));
    expect(readDraft(storage, key, schema)).toBeUndefined();
  });

  it('ignores unreadable drafts and survives a storage that throws or is missing', () => {
    const storage = memory();
    storage.map.set(key, '{not json');
    expect(readDraft(storage, key, schema)).toBeUndefined();
    const fail = () => {
      throw new Error('denied or full');
    };
    const broken: DraftStorage = { getItem: fail, setItem: fail, removeItem: fail };
    expect(() => writeDraft(broken, key, {})).not.toThrow();
    expect(readDraft(broken, key, schema)).toBeUndefined();
    expect(() => clearDraft(broken, key)).not.toThrow();
    expect(readDraft(undefined, key, schema)).toBeUndefined();
  });
});
