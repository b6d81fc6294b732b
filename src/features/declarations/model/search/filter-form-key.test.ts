import { describe, expect, it } from 'vitest';
import { nextFilterFormKey, type FilterFormKeyState } from './filter-form-key';

const start: FilterFormKeyState = { applied: { direction: 'OUT' }, initial: { direction: 'OUT' }, ownSearch: undefined, key: 0 };

describe('filter form key', () => {
  it('keeps the form after its own search: its draft already is what was applied', () => {
    const next = nextFilterFormKey({ ...start, ownSearch: { direction: 'IN' } }, { direction: 'IN' });
    expect(next).toEqual({ applied: { direction: 'IN' }, initial: { direction: 'OUT' }, ownSearch: undefined, key: 0 });
    expect(next.initial).toBe(start.initial);
  });

  it('starts the form afresh when the filters change from elsewhere (saved view, Back, Clear filters)', () => {
    expect(nextFilterFormKey(start, { currentStatus: ['Invalid'] })).toEqual({
      applied: { currentStatus: ['Invalid'] },
      initial: { currentStatus: ['Invalid'] },
      ownSearch: undefined,
      key: 1,
    });
    expect(nextFilterFormKey(start, {}).key).toBe(1);
  });

  it('starts afresh when the URL holds something other than what the form searched for (the address normalises it)', () => {
    expect(nextFilterFormKey({ ...start, ownSearch: { lrn: ' X ' } }, { lrn: 'X' }).key).toBe(1);
  });

  it('forgets its own search once applied: Back to an earlier search starts afresh', () => {
    const afterOwn = nextFilterFormKey({ ...start, ownSearch: { direction: 'IN' } }, { direction: 'IN' });
    expect(nextFilterFormKey(afterOwn, { direction: 'OUT' }).key).toBe(1);
  });

  it('returns the same state while the filters are unchanged (list order does not matter)', () => {
    const state: FilterFormKeyState = { applied: { currentStatus: ['A', 'B'] }, initial: {}, ownSearch: undefined, key: 3 };
    expect(nextFilterFormKey(state, { currentStatus: ['B', 'A'] })).toBe(state);
  });
});
