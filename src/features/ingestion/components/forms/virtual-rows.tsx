import { useVirtualizer } from '@tanstack/react-virtual';
import { useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';

export interface VirtualRowsHandle {
  /** Brings row `index` into view (it is rendered only then), e.g. to focus its first error. */
  scrollToIndex(index: number): void;
}

interface Props {
  count: number;
  label: string;
  renderRow: (index: number) => ReactNode;
  estimateSize: number;
  handle?: Ref<VirtualRowsHandle>;
  /** Height of the scrolling box when the rows need more. */
  maxHeight?: number;
}

/**
 * A long field array that stays responsive at 9,999 rows: only the rows in view are rendered
 * (react-hook-form keeps the values of the others), each measured so rows with an error grow.
 */
export function VirtualRows({ count, label, renderRow, estimateSize, handle, maxHeight = 420 }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer is mutable by design (React Compiler skips this component); it is not passed to memoised children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => estimateSize, overscan: 6 });
  useImperativeHandle(handle, () => ({ scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'center' }) }), [virtualizer]);
  const height = Math.min(maxHeight, Math.max(virtualizer.getTotalSize(), estimateSize));
  return (
    // Keyboard users scroll it by tabbing through its inputs (the focused row is scrolled into view).
    <div ref={scroller} role="group" aria-label={label} style={{ height, overflowY: 'auto', contain: 'strict' }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
          >
            {renderRow(row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
