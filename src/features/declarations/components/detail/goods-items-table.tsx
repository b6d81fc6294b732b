import { Badge, Text } from '@mantine/core';
import { useVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { DeclarationError, DeclarationGoodsItem } from '../../../../contract/declarations';
import { virtualTableClasses } from '../../../../components/virtual-table';
import ownClasses from './goods-items-table.module.css';
import { formatQuantity } from '../../../../lib/format';
import { rangeKeeping, revealVirtualRow } from '../../../../components/reveal-virtual-row';
import { activeIndexIn, useActiveRowStore, useIsActiveRow, type ActiveRow } from '../../../../components/active-row';

const classes = virtualTableClasses(ownClasses);

interface Props {
  items: readonly DeclarationGoodsItem[];
  errorsByItem: ReadonlyMap<string, readonly { error: DeclarationError }[]>;
  openItemId: string | undefined;
  onOpen: (itemId: string) => void;
}

const ROW_HEIGHT = 40;
const PAGE = 10;

const COLUMNS = [
  { label: 'item', width: 90 },
  { label: 'description', width: 0 },
  { label: 'commodityCode', width: 140 },
  { label: 'grossKg', width: 100, num: true },
  { label: 'netKg', width: 100, num: true },
  { label: 'customsValue', width: 150, num: true },
  { label: 'packages', width: 100, num: true },
  { label: 'issues', width: 110 },
] as const;

/** Each column's cell style, made once rather than per cell and render. */
const CELL_STYLES = COLUMNS.map(({ width }) => (width ? { width, flex: `0 0 ${width}px` } : { flex: '1 1 0', minWidth: 160 }));

/**
 * Goods items as a grid that stays fast at 999 items: only the visible rows are rendered
 * (@tanstack/react-virtual), the header stays in place, and one row at a time is in the tab
 * order (roving tabindex): arrows, Page Up/Down, Home/End move between rows; Enter opens one.
 */
export function GoodsItemsTable({ items, errorsByItem, openItemId, onOpen }: Props) {
  const { t } = useTranslation('declaration');
  const scroller = useRef<HTMLDivElement>(null);
  const active = useActiveRowStore();
  // A stable callback for the memoised rows: the page passes a new onOpen on every render.
  const latestOnOpen = useRef(onOpen);
  useEffect(() => {
    latestOnOpen.current = onOpen;
  });
  const openItem = useCallback((itemId: string) => latestOnOpen.current(itemId), []);
  const focusPending = useRef(false);
  const count = items.length;
  // The active row stays rendered when scrolled away, so keyboard focus is not lost with it. Stable:
  // the range is worked out again on every scroll, and a move always scrolls its row into the range.
  const rangeExtractor = useCallback((range: Range) => rangeKeeping(range, activeIndexIn(active, range.count)), [active]);
  // The virtualizer is mutable by design (React Compiler skips this component); it is not passed to memoised children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    rangeExtractor,
  });

  useEffect(() => {
    if (!focusPending.current) return;
    // The row exists only once it is scrolled into the rendered window.
    const button = scroller.current?.querySelector<HTMLButtonElement>(`[data-row="${activeIndexIn(active, count)}"] button`);
    if (button) {
      focusPending.current = false;
      button.focus({ preventScroll: true });
    }
  });

  const move = (to: number) => {
    const next = Math.max(0, Math.min(count - 1, to));
    active.set(next);
    const box = scroller.current;
    if (!box) return;
    revealVirtualRow(box, next, ROW_HEIGHT);
    // A row within the overscan is there already: focus it now rather than after a render.
    const button = box.querySelector<HTMLButtonElement>(`[data-row="${next}"] button`);
    if (button) button.focus({ preventScroll: true });
    else focusPending.current = true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const activeIndex = activeIndexIn(active, count);
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + PAGE,
      PageUp: activeIndex - PAGE,
      Home: 0,
      End: count - 1,
    };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };

  if (items.length === 0) return <Text size="sm">{t('items.none')}</Text>;

  return (
    <div ref={scroller} className={classes.scroller} data-testid="goods-items-scroller">
      <table
        className={classes.table}
        role="grid"
        aria-label={t('items.tableLabel')}
        aria-rowcount={items.length + 1}
        onKeyDown={onKeyDown}
      >
        <thead className={classes.head}>
          <tr className={classes.headRow} aria-rowindex={1}>
            {COLUMNS.map((c, i) => (
              <th key={c.label} scope="col" className={`${classes.cell} ${'num' in c ? classes.num : ''}`} style={CELL_STYLES[i]}>
                {t(`items.${c.label}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index];
            if (!item) return null;
            const id = item.governmentAgencyGoodsItemId;
            return (
              <GoodsItemRow
                key={id}
                item={item}
                index={row.index}
                top={row.start}
                count={count}
                active={active}
                open={id === openItemId}
                issues={errorsByItem.get(id)?.length ?? 0}
                onOpen={openItem}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface GoodsItemRowProps {
  item: DeclarationGoodsItem;
  index: number;
  /** Offset in the virtual list, px. */
  top: number;
  /** Rows in the table: the tab stop falls back to the last one when items go away. */
  count: number;
  /** Which row is in the tab order (roving tabindex); a move re-renders only the rows it concerns. */
  active: ActiveRow;
  open: boolean;
  issues: number;
  onOpen: (itemId: string) => void;
}

/**
 * One row, memoised: a key press renders only the row leaving the tab order and the one entering
 * it; a scroll renders the table, which mounts the rows scrolled into view and skips the others.
 */
const GoodsItemRow = memo(function GoodsItemRow({ item, index, top, count, active, open, issues, onOpen }: GoodsItemRowProps) {
  const { t } = useTranslation('declaration');
  const tabbable = useIsActiveRow(active, index, count);
  const value = item.customsValue?.amount;
  return (
    <tr
      data-row={index}
      data-open={open}
      aria-rowindex={index + 2}
      className={classes.row}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <td className={classes.cell} style={CELL_STYLES[0]}>
        <button
          type="button"
          className={classes.open}
          tabIndex={tabbable ? 0 : -1}
          onFocus={() => active.set(index)}
          onClick={() => onOpen(item.governmentAgencyGoodsItemId)}
          aria-label={
            issues
              ? t('items.openWithErrors', { number: item.sequenceNumber, count: issues })
              : t('items.open', { number: item.sequenceNumber })
          }
        >
          {item.sequenceNumber}
        </button>
      </td>
      <td className={classes.cell} style={CELL_STYLES[1]}>
        {item.commodity?.description ?? ''}
      </td>
      <td className={classes.cell} style={CELL_STYLES[2]}>
        {item.commodity?.classification?.id ?? ''}
      </td>
      <td className={`${classes.cell} ${classes.num}`} style={CELL_STYLES[3]}>
        {formatQuantity(item.goodsMeasure?.gmass)}
      </td>
      <td className={`${classes.cell} ${classes.num}`} style={CELL_STYLES[4]}>
        {formatQuantity(item.goodsMeasure?.nmass)}
      </td>
      <td className={`${classes.cell} ${classes.num}`} style={CELL_STYLES[5]}>
        {value === null || value === undefined ? '' : `${formatQuantity(value)} ${item.customsValue?.currency ?? ''}`}
      </td>
      <td className={`${classes.cell} ${classes.num}`} style={CELL_STYLES[6]}>
        {formatQuantity(item.packaging?.reduce((n, p) => n + (p.quantity ?? 0), 0))}
      </td>
      <td className={classes.cell} style={CELL_STYLES[7]}>
        {issues > 0 && (
          <Badge color="red" variant="light" c="red.9" tt="none" radius="sm">
            {t('items.errorCount', { count: issues })}
          </Badge>
        )}
      </td>
    </tr>
  );
});
