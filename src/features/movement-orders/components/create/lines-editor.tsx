import { VisuallyHidden } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { MOVEMENT_ORDER_LINE_LIMIT } from '../../../../contract/movement-orders';
import { lineColumns } from '../../model/create/line-columns';
import { linesFromRows, parseDelimited, type LineImport } from '../../model/create/line-import';
import { cellId, LineRow, NUMBER_WIDTH, REMOVE_WIDTH, ROW_HEIGHT } from './line-row';
import { LinesHeader } from './lines-header';
import { revealVirtualRow } from '../../../../components/reveal-virtual-row';
import classes from './lines-editor.module.css';
import { emptyLine, isBlankLine, LINE_FIELDS, type LineField, type MovementDraft } from '../../model/create/order-draft';
import type { OrderEditor } from '../../model/create/use-order-editor';
import { formatQuantity } from '../../../../lib/format';

/** A cell to focus: after a failed check (first error) or a move with the arrow keys. */
export interface FocusRequest {
  line: number;
  field: LineField;
}

interface Props {
  movementIndex: number;
  movement: MovementDraft;
  showErrors: boolean;
  /** The error about the lines as a whole (none, too many, TRFB without a blend). */
  listError: string | undefined;
  focusRequest: FocusRequest | undefined;
  editor: Pick<OrderEditor, 'setLineField' | 'touchLine' | 'insertLines' | 'updateMovement'>;
}

const CSV_MAX_BYTES = 20 * 1024 * 1024;
const isLineField = (v: string | undefined): v is LineField => (LINE_FIELDS as readonly string[]).includes(v ?? '');

function importSummary(result: LineImport, source: string): string {
  const parts = [`${source}: ${formatQuantity(result.lines.length)} ${result.lines.length === 1 ? 'line' : 'lines'} added${result.header ? ' (columns named by the header row)' : ''}.`];
  if (result.dropped > 0) parts.push(`${formatQuantity(result.dropped)} left out: an order holds at most ${formatQuantity(MOVEMENT_ORDER_LINE_LIMIT)} lines.`);
  parts.push(...result.notes);
  if (result.lines.length > 0) parts.push('Lines with errors are marked; fix them in the table.');
  return parts.join(' ');
}

/**
 * The lines of one movement as an editable grid that stays fast at 9,999 lines: only visible rows
 * are rendered (@tanstack/react-virtual), each a memoised row of plain inputs. A paste of several
 * cells (from a spreadsheet: tab-separated rows) becomes lines at the focused row; a CSV file can be
 * dropped on the table or chosen. Arrow Up/Down move between lines in the same column.
 */
export function LinesEditor({ movementIndex, movement, showErrors, listError, focusRequest, editor }: Props) {
  const { lines, movementType: type } = movement;
  const columns = useMemo(() => lineColumns(type), [type]);
  const totalWidth = NUMBER_WIDTH + REMOVE_WIDTH + columns.reduce((sum, c) => sum + c.width, 0);
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<FocusRequest | undefined>(undefined);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const activeIndex = Math.min(active, Math.max(0, lines.length - 1));

  // The line being edited stays rendered when scrolled away, so focus and typing are not lost.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return indexes.includes(activeIndex) ? indexes : [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );
  // The virtualizer is mutable by design (React Compiler skips this component); it is not passed to memoised children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    rangeExtractor,
  });

  const goTo = useCallback(
    (request: FocusRequest) => {
      setActive(request.line);
      pendingFocus.current = request;
      virtualizer.scrollToIndex(request.line, { align: 'auto' });
    },
    [virtualizer],
  );

  useEffect(() => {
    if (focusRequest) goTo(focusRequest);
  }, [focusRequest, goTo]);

  // The cell exists only once its row is in the rendered window.
  useEffect(() => {
    const request = pendingFocus.current;
    if (!request) return;
    const cell = document.getElementById(cellId(movementIndex, request.line, request.field));
    if (cell) {
      pendingFocus.current = undefined;
      cell.focus({ preventScroll: true });
    }
  });

  const { setLineField, touchLine, insertLines, updateMovement } = editor;
  const removeLine = useCallback(
    (index: number) => updateMovement(movementIndex, (m) => ({ ...m, lines: m.lines.length > 1 ? m.lines.filter((_, i) => i !== index) : [emptyLine()] })),
    [movementIndex, updateMovement],
  );

  const importRows = (rows: string[][], at: number | undefined, source: string) => {
    // Imported lines fill blank rows, so the room is what the filled lines leave (counted here, not on every key press).
    const filled = lines.reduce((n, l) => (isBlankLine(l) ? n : n + 1), 0);
    const result = linesFromRows(rows, columns, MOVEMENT_ORDER_LINE_LIMIT - filled);
    insertLines(movementIndex, result.lines, at === undefined ? 'append' : { at });
    setNote(importSummary(result, source));
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const text = e.clipboardData.getData('text/plain');
    // One value goes into the focused input as usual; several cells or rows become lines.
    if (!text.includes('\t') && !/\n./.test(text.trim())) return;
    e.preventDefault();
    const row = e.target instanceof Element ? e.target.closest('[data-row]')?.getAttribute('data-row') : undefined;
    importRows(parseDelimited(text, '\t'), row ? Number(row) : undefined, 'Pasted');
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > CSV_MAX_BYTES) {
      setNote(`${file.name} is ${Math.round(file.size / 1024 / 1024)} MB; a CSV file of lines can be at most ${CSV_MAX_BYTES / 1024 / 1024} MB.`);
      return;
    }
    if (!/\.(csv|tsv|txt)$/i.test(file.name) && !file.type.startsWith('text/')) {
      setNote(`${file.name} is not a CSV file. Use a .csv file with one line per row.`);
      return;
    }
    importRows(parseDelimited(await file.text()), undefined, file.name);
  };

  // Stable, so the memoised header does not render again on every key press in a cell.
  const onImportFile = useCallbackRef((file: File | null) => void importFile(file));
  const onAddLine = useCallbackRef(() => {
    updateMovement(movementIndex, (m) => ({ ...m, lines: [...m.lines, emptyLine()] }));
    goTo({ line: lines.length, field: 'itemId' });
  });
  const onDismissNote = useCallback(() => setNote(undefined), []);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void importFile(e.dataTransfer.files[0] ?? null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || !(e.target instanceof HTMLInputElement)) return;
    const field = e.target.dataset.field;
    const line = Number(e.target.closest('[data-row]')?.getAttribute('data-row') ?? Number.NaN);
    if (!isLineField(field) || Number.isNaN(line)) return;
    const next = line + (e.key === 'ArrowDown' ? 1 : -1);
    if (next < 0 || next >= lines.length) return;
    e.preventDefault();
    const box = scroller.current;
    const cell = document.getElementById(cellId(movementIndex, next, field));
    // The next line is within the overscan: scroll by arithmetic and focus it now, without a render in between.
    if (box && cell) {
      revealVirtualRow(box, next, ROW_HEIGHT);
      cell.focus({ preventScroll: true });
    } else goTo({ line: next, field });
  };

  return (
    <section aria-labelledby={`lines-heading-${movementIndex}`}>
      <LinesHeader
        movementIndex={movementIndex}
        count={lines.length}
        note={note}
        listError={listError}
        onImportFile={onImportFile}
        onAddLine={onAddLine}
        onDismissNote={onDismissNote}
      />
      <div
        ref={scroller}
        className={classes.scroller}
        data-testid="movement-lines-scroller"
        data-dragging={dragging}
        onPaste={onPaste}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <table
          role="grid"
          className={classes.table}
          style={{ width: totalWidth }}
          onKeyDown={onKeyDown}
          onFocus={(e) => setActive(Number(e.target.closest('[data-row]')?.getAttribute('data-row') ?? activeIndex))}
          aria-label={`Lines of movement ${movementIndex + 1}`} aria-rowcount={lines.length + 1} aria-describedby={`lines-help-${movementIndex}`}>
          <thead className={classes.head}>
            <tr className={classes.headRow} aria-rowindex={1}>
              <th scope="col" className={classes.cell} style={{ width: NUMBER_WIDTH }}>
                #
              </th>
              {columns.map((c) => (
                <th key={c.field} scope="col" className={classes.cell} style={{ width: c.width }}>
                  {c.label}
                </th>
              ))}
              <th scope="col" className={classes.cell} style={{ width: REMOVE_WIDTH }}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const line = lines[row.index];
              if (!line) return null;
              return (
                <LineRow
                  key={line.key}
                  movement={movementIndex}
                  index={row.index}
                  line={line}
                  type={type}
                  columns={columns}
                  showErrors={showErrors}
                  start={row.start}
                  onField={setLineField}
                  onLeave={touchLine}
                  onRemove={removeLine}
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
