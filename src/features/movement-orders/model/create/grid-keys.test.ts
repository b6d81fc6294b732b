import { describe, expect, it } from 'vitest';
import { editingKey, navigationKey, type KeyPress } from './grid-keys';

const size = { lines: 100, columns: 6, valueColumns: 5, page: 8 };
const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, shift: false, command: false, alt: false, ...mods });

describe('navigationKey', () => {
  it('moves by arrows, pages, Home/End within the grid and stops at its edges', () => {
    const at = { line: 5, column: 2 };
    expect(navigationKey(press('ArrowDown'), at, size)).toEqual({ kind: 'move', to: { line: 6, column: 2 } });
    expect(navigationKey(press('ArrowUp'), { line: 0, column: 2 }, size)).toEqual({ kind: 'move', to: { line: 0, column: 2 } });
    expect(navigationKey(press('PageDown'), { line: 95, column: 2 }, size)).toEqual({ kind: 'move', to: { line: 99, column: 2 } });
    expect(navigationKey(press('PageUp'), at, size)).toEqual({ kind: 'move', to: { line: 0, column: 2 } });
    expect(navigationKey(press('ArrowRight'), { line: 5, column: 5 }, size)).toEqual({ kind: 'move', to: { line: 5, column: 5 } });
    expect(navigationKey(press('Home'), at, size)).toEqual({ kind: 'move', to: { line: 5, column: 0 } });
    expect(navigationKey(press('End', { command: true }), at, size)).toEqual({ kind: 'move', to: { line: 99, column: 5 } });
  });

  it('starts editing on Enter, F2 or a typed character (which replaces the value), clears on Delete', () => {
    const at = { line: 1, column: 0 };
    expect(navigationKey(press('Enter'), at, size)).toEqual({ kind: 'edit' });
    expect(navigationKey(press('F2'), at, size)).toEqual({ kind: 'edit' });
    expect(navigationKey(press('7'), at, size)).toEqual({ kind: 'edit', text: '7' });
    expect(navigationKey(press('Delete'), at, size)).toEqual({ kind: 'clear' });
  });

  it('leaves shortcuts, Tab and the remove button’s own keys to the browser', () => {
    expect(navigationKey(press('c', { command: true }), { line: 1, column: 0 }, size)).toEqual({ kind: 'none' });
    expect(navigationKey(press('Tab'), { line: 1, column: 0 }, size)).toEqual({ kind: 'none' });
    expect(navigationKey(press('Enter'), { line: 1, column: 5 }, size)).toEqual({ kind: 'none' });
    expect(navigationKey(press('x'), { line: 1, column: 5 }, size)).toEqual({ kind: 'none' });
  });
});

describe('editingKey', () => {
  it('keeps the value and moves: Enter down, Tab right across the line end, Shift+Tab left', () => {
    expect(editingKey(press('Enter'), { line: 3, column: 1 }, size, 'text')).toEqual({ kind: 'commit', to: { line: 4, column: 1 } });
    expect(editingKey(press('Tab'), { line: 3, column: 1 }, size, 'text')).toEqual({ kind: 'commit', to: { line: 3, column: 2 } });
    expect(editingKey(press('Tab'), { line: 3, column: 4 }, size, 'text')).toEqual({ kind: 'commit', to: { line: 4, column: 0 } });
    expect(editingKey(press('Tab', { shift: true }), { line: 3, column: 0 }, size, 'text')).toEqual({
      kind: 'commit',
      to: { line: 2, column: 4 },
    });
    expect(editingKey(press('Tab'), { line: 99, column: 4 }, size, 'text')).toEqual({ kind: 'commit', to: { line: 99, column: 4 } });
  });

  it('cancels on Escape; arrows move from a text box but choose in a list', () => {
    expect(editingKey(press('Escape'), { line: 3, column: 1 }, size, 'text')).toEqual({ kind: 'cancel' });
    expect(editingKey(press('ArrowUp'), { line: 3, column: 1 }, size, 'text')).toEqual({ kind: 'commit', to: { line: 2, column: 1 } });
    expect(editingKey(press('ArrowUp'), { line: 3, column: 2 }, size, 'list')).toEqual({ kind: 'none' });
    expect(editingKey(press('ArrowLeft'), { line: 3, column: 1 }, size, 'text')).toEqual({ kind: 'none' });
  });
});
