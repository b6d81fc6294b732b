import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';

/**
 * Keyboard moves in the virtualised tables (virtual-table.module.css: a sticky header over rows of
 * one fixed height). Scrolling the row into view by arithmetic, rather than with the virtualiser's
 * scrollToIndex, costs one write: scrollToIndex keeps re-reading the scroll height for frames after
 * each key press (its reconcile loop), which forces a layout on every one of them.
 */

interface RowGeometry {
  index: number;
  rowHeight: number;
  /** Height of the sticky header, which covers the top of the scroll box. */
  headHeight: number;
  scrollTop: number;
  /** The scroll box's clientHeight. */
  viewportHeight: number;
}

/** The scrollTop that shows row `index` whole below the header, moving the least; undefined when it is already shown whole. */
export function scrollTopToReveal({ index, rowHeight, headHeight, scrollTop, viewportHeight }: RowGeometry): number | undefined {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  const bottom = headHeight + top + rowHeight;
  if (bottom > scrollTop + viewportHeight) return bottom - viewportHeight;
  return undefined;
}

/** Scrolls `scroller` so row `index` shows whole (reads layout once, at key press time when it is clean). */
export function revealVirtualRow(scroller: HTMLElement, index: number, rowHeight: number): void {
  const headHeight = scroller.querySelector('thead')?.offsetHeight ?? 0;
  const next = scrollTopToReveal({ index, rowHeight, headHeight, scrollTop: scroller.scrollTop, viewportHeight: scroller.clientHeight });
  if (next !== undefined) scroller.scrollTop = next;
}

/** The virtualiser's rows plus row `index` (the one holding the focus), so scrolling it out of view does not unmount it and lose the focus. */
export function rangeKeeping(range: Range, index: number): number[] {
  const indexes = defaultRangeExtractor(range);
  return indexes.includes(index) ? indexes : [...indexes, index].sort((a, b) => a - b);
}
