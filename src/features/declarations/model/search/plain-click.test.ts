import { describe, expect, it } from 'vitest';
import { isPlainClick } from './plain-click';

const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };

describe('isPlainClick', () => {
  it('takes a primary-button click without modifiers', () => {
    expect(isPlainClick(plain)).toBe(true);
  });

  it('leaves a click with Ctrl, Cmd, Shift or Alt to the browser (new tab, new window, download)', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const)
      expect(isPlainClick({ ...plain, [modifier]: true })).toBe(false);
  });

  it('leaves the middle and right buttons to the browser', () => {
    expect(isPlainClick({ ...plain, button: 1 })).toBe(false);
    expect(isPlainClick({ ...plain, button: 2 })).toBe(false);
  });

  it('leaves a click another handler has already taken', () => {
    expect(isPlainClick({ ...plain, defaultPrevented: true })).toBe(false);
  });
});
