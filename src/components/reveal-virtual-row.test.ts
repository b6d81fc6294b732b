import { describe, expect, it } from 'vitest';
import { rangeKeeping, scrollTopToReveal } from './reveal-virtual-row';

const box = { rowHeight: 40, headHeight: 36, viewportHeight: 400 };

describe('scrollTopToReveal', () => {
  it('leaves the scroll alone when the row shows whole between the header and the bottom edge', () => {
    expect(scrollTopToReveal({ ...box, index: 0, scrollTop: 0 })).toBeUndefined();
    // Row 8 ends at 36 + 360 = 396 px, inside 400.
    expect(scrollTopToReveal({ ...box, index: 8, scrollTop: 0 })).toBeUndefined();
  });

  it('scrolls down just far enough that a row below the edge ends at the bottom, header included', () => {
    // Row 9 ends at 36 + 400 = 436 px: 36 px too far down.
    expect(scrollTopToReveal({ ...box, index: 9, scrollTop: 0 })).toBe(36);
    expect(scrollTopToReveal({ ...box, index: 998, scrollTop: 0 })).toBe(36 + 999 * 40 - 400);
  });

  it('scrolls up so that a row above, or under the sticky header, starts right below the header', () => {
    expect(scrollTopToReveal({ ...box, index: 4, scrollTop: 200 })).toBe(160);
    expect(scrollTopToReveal({ ...box, index: 0, scrollTop: 35_000 })).toBe(0);
  });
});

describe('rangeKeeping', () => {
  const range = { startIndex: 10, endIndex: 14, overscan: 1, count: 999 };

  it('adds the focused row, in order, when it is scrolled out of the rendered window', () => {
    expect(rangeKeeping(range, 500)).toEqual([9, 10, 11, 12, 13, 14, 15, 500]);
    expect(rangeKeeping(range, 2)).toEqual([2, 9, 10, 11, 12, 13, 14, 15]);
  });

  it('leaves the window as it is when the focused row is already in it', () => {
    expect(rangeKeeping(range, 12)).toEqual([9, 10, 11, 12, 13, 14, 15]);
  });
});
