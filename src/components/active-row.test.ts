import { describe, expect, it, vi } from 'vitest';
import { activeIndexIn, createActiveRow } from './active-row';

describe('createActiveRow', () => {
  it('tells its listeners when the active row changes, and not when it is set to the same row', () => {
    const store = createActiveRow();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(0);
    expect(listener).not.toHaveBeenCalled();
    store.set(3);
    expect(store.get()).toBe(3);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const store = createActiveRow(2);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.set(5);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('activeIndexIn', () => {
  it('is the active row while it exists, else the last row', () => {
    expect(activeIndexIn(createActiveRow(4), 10)).toBe(4);
    expect(activeIndexIn(createActiveRow(12), 10)).toBe(9);
    expect(activeIndexIn(createActiveRow(3), 0)).toBe(0);
  });
});
