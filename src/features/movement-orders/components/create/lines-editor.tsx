import { VisuallyHidden } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { MOVEMENT_ORDER_LINE_LIMIT } from '../../../../contract/movement-orders';
import { lineColumns } from '../../model/create/line-columns';
import { linesFromRows, parseDelimited, type LineImport } from '../../model/create/line-import';
import { cellId, LineRow, NUMBER_WIDTH, REMOVE_COLUMN, REMOVE_WIDTH, ROW_HEIGHT } from './line-row';
import { editingKey, navigationKey, type Cell, type KeyPress } from '../../model/create/grid-keys';
import { LinesHeader } from './lines-header';
import { rangeKeeping, revealVirtualRow } from '../../../../components/reveal-virtual-row';
import { virtualTableClasses } from '../../../../components/virtual-table';
import ownClasses from './lines-editor.module.css';
import { emptyLine, isBlankLine, LINE_FIELDS, type LineField, type MovementDraft } from '../../model/create/order-draft';
import type { OrderEditor } from '../../model/create/use-order-editor';
import { formatQuantity } from '../../../../lib/format';
import { readLineNumbers, withReadNumbers, type NumberDecisions, type NumberQuestion } from '../../model/create/line-numbers';
import { NumberReadingDialog } from './number-reading-dialog';

const classes = virtualTableClasses(ownClasses);

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
const keyPress = (e: KeyboardEvent): KeyPress => ({ key: e.key, shift: e.shiftKey, command: e.ctrlKey || e.metaKey, alt: e.altKey });

/** Lines read from a paste or file, waiting for the user to say how some number columns are written. */
interface PendingImport {
  result: LineImport;
  at: number | undefined;
  source: string;
  decided: NumberDecisions;
  questions: NumberQuestion[];
}

/** The cell being edited and its value before, for Escape. */
interface Editing {
  line: number;
  field: LineField;
  before: string;
}

/** The grid cell an event happened in: its line, column (index in `fields`), field, and whether it came from the cell's editor. */
function cellOf(target: EventTarget, fields: readonly string[]) {
  const td = target instanceof Element ? target.closest<HTMLElement>('td[data-field]') : null;
  const line = Number(td?.closest('[data-row]')?.getAttribute('data-row') ?? Number.NaN);
  const field = td?.dataset.field;
  const column = fields.findIndex((f) => f === field);
  if (!td || Number.isNaN(line) || column < 0) return undefined;
  return { line, column, field, input: target instanceof HTMLInputElement || target instanceof HTMLSelectElement };
}

function importSummary(result: LineImport, source: string, t: TFunction<'movementOrders'>): string {
  const added = { source, count: result.lines.length, shown: formatQuantity(result.lines.length) };
  const parts = [result.header ? t('editor.addedWithHeader', added) : t('editor.added', added)];
  if (result.dropped > 0)
    parts.push(t('editor.leftOut', { dropped: formatQuantity(result.dropped), max: formatQuantity(MOVEMENT_ORDER_LINE_LIMIT) }));
  parts.push(...result.notes.map(({ row, cells }) => t('editor.extraCells', { row: String(row), count: cells })));
  if (result.lines.length > 0) parts.push(t('editor.fixMarked'));
  return parts.join(' ');
}

/**
 * The lines of one movement as an editable grid that stays fast at 9,999 lines: only visible rows
 * are rendered (@tanstack/react-virtual), each a memoised row of text cells, and the cell being
 * edited is the one input (keys: model/create/grid-keys.ts). A paste of several cells (from a
 * spreadsheet: tab-separated rows) becomes lines at the focused row; a CSV file can be dropped on
 * the table or chosen.
 */
export function LinesEditor({ movementIndex, movement, showErrors, listError, focusRequest, editor }: Props) {
  const { t } = useTranslation('movementOrders');
  const { lines, movementType: type } = movement;
  const columns = useMemo(() => lineColumns(type), [type]);
  const totalWidth = NUMBER_WIDTH + REMOVE_WIDTH + columns.reduce((sum, c) => sum + c.width, 0);
  // The sticky item id column starts where the line number ends (lines-editor.module.css).
  const tableStyle: CSSProperties & Record<'--lines-number-width', string> = {
    width: totalWidth,
    '--lines-number-width': `${NUMBER_WIDTH}px`,
  };
  const scroller = useRef<HTMLDivElement>(null);
  // The grid's one tab stop (roving focus) and the cell being edited, if any.
  const [active, setActive] = useState<Cell>({ line: 0, column: 0 });
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const pendingFocus = useRef<string | undefined>(undefined);
  const fields = useMemo(() => [...columns.map((c) => c.field), REMOVE_COLUMN] as const, [columns]);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const [pending, setPending] = useState<PendingImport | undefined>(undefined);
  const activeIndex = Math.min(active.line, Math.max(0, lines.length - 1));
  const activeField = fields[Math.min(active.column, fields.length - 1)];

  // The line being edited stays rendered when scrolled away, so focus and typing are not lost.
  const rangeExtractor = useCallback((range: Range) => rangeKeeping(range, activeIndex), [activeIndex]);
  // The virtualizer is mutable by design (React Compiler skips this component); it is not passed to memoised children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    rangeExtractor,
  });

  /** Moves the tab stop and the focus to a cell, scrolling its line into view. */
  const goTo = useCallbackRef((to: Cell) => {
    const field = fields[to.column] ?? 'itemId';
    const id = cellId(movementIndex, to.line, field);
    setActive(to);
    const box = scroller.current;
    const cell = document.getElementById(id);
    // A rendered line (in the overscan): scroll by arithmetic and focus now, without a render in between.
    if (box && cell) {
      revealVirtualRow(box, to.line, ROW_HEIGHT);
      cell.focus({ preventScroll: true });
    } else {
      pendingFocus.current = id;
      virtualizer.scrollToIndex(to.line, { align: 'auto' });
    }
  });

  useEffect(() => {
    if (focusRequest) goTo({ line: focusRequest.line, column: Math.max(0, fields.indexOf(focusRequest.field)) });
  }, [focusRequest, goTo, fields]);

  // The cell exists only once its row is in the rendered window.
  useEffect(() => {
    const id = pendingFocus.current;
    const cell = id && document.getElementById(id);
    if (cell) {
      pendingFocus.current = undefined;
      cell.focus({ preventScroll: true });
    }
  });

  const { setLineField, touchLine, insertLines, updateMovement } = editor;
  const removeLine = useCallbackRef((index: number) => {
    updateMovement(movementIndex, (m) => ({ ...m, lines: m.lines.length > 1 ? m.lines.filter((_, i) => i !== index) : [emptyLine()] }));
    // The focus stays on the remove button of the line that takes this one's place (after the render: the id is the same).
    const line = Math.max(0, Math.min(index, lines.length - 2));
    setActive({ line, column: fields.length - 1 });
    pendingFocus.current = cellId(movementIndex, line, REMOVE_COLUMN);
  });

  const importRows = (rows: string[][], at: number | undefined, source: string) => {
    // Imported lines fill blank rows, so the room is what the filled lines leave (counted here, not on every key press).
    const filled = lines.reduce((n, l) => (isBlankLine(l) ? n : n + 1), 0);
    const result = linesFromRows(rows, columns, MOVEMENT_ORDER_LINE_LIMIT - filled, (field) => t(`columns.${field}`));
    // Number columns are read as the sheet wrote them; one that reads two ways is asked about first.
    const { decided, questions } = readLineNumbers(result.lines, columns);
    if (questions.length > 0) setPending({ result, at, source, decided, questions });
    else addImported({ result, at, source, decided, questions });
  };

  const addImported = ({ result, at, source, decided }: PendingImport, answers: NumberDecisions = {}) => {
    insertLines(movementIndex, withReadNumbers(result.lines, { ...decided, ...answers }), at === undefined ? 'append' : { at });
    setNote(importSummary(result, source, t));
  };

  const onReadingChosen = (answers: NumberDecisions) => {
    if (pending) addImported(pending, answers);
    setPending(undefined);
  };
  const onReadingCancelled = () => {
    if (pending) setNote(t('editor.nothingAdded', { source: pending.source }));
    setPending(undefined);
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const text = e.clipboardData.getData('text/plain');
    const at = cellOf(e.target, fields);
    // One value goes into the cell being edited as usual, or replaces the focused cell's; several cells or rows become lines.
    if (!text.includes('\t') && !/\n./.test(text.trim())) {
      if (!at || at.input || !typedField(at.field)) return;
      e.preventDefault();
      setLineField(movementIndex, at.line, at.field, text.trim());
      return;
    }
    e.preventDefault();
    importRows(parseDelimited(text, '\t'), at?.line, t('editor.pasted'));
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > CSV_MAX_BYTES) {
      setNote(
        t('editor.fileTooLarge', {
          file: file.name,
          size: formatQuantity(Math.round(file.size / 1024 / 1024)),
          max: formatQuantity(CSV_MAX_BYTES / 1024 / 1024),
        }),
      );
      return;
    }
    if (!/\.(csv|tsv|txt)$/i.test(file.name) && !file.type.startsWith('text/')) {
      setNote(t('editor.notCsv', { file: file.name }));
      return;
    }
    importRows(parseDelimited(await file.text()), undefined, file.name);
  };

  // Stable, so the memoised header does not render again on every key press in a cell.
  const onImportFile = useCallbackRef((file: File | null) => void importFile(file));
  const onAddLine = useCallbackRef(() => {
    updateMovement(movementIndex, (m) => ({ ...m, lines: [...m.lines, emptyLine()] }));
    goTo({ line: lines.length, column: 0 });
  });
  const onDismissNote = useCallback(() => setNote(undefined), []);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void importFile(e.dataTransfer.files[0] ?? null);
  };

  /** A field whose value is typed (not chosen from a list): typing, a one-value paste and Delete set it directly. */
  const typedField = (field: string | undefined): field is LineField =>
    isLineField(field) && columns.find((c) => c.field === field)?.list !== 'direction';

  const startEditing = (line: number, field: LineField, text?: string) => {
    setEditing({ line, field, before: lines[line]?.[field] ?? '' });
    if (text !== undefined && typedField(field)) setLineField(movementIndex, line, field, text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const at = cellOf(e.target, fields);
    if (!at) return;
    const size = {
      lines: lines.length,
      columns: fields.length,
      valueColumns: columns.length,
      page: Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1),
    };
    if (at.input && editing) {
      const action = editingKey(keyPress(e), at, size, e.target instanceof HTMLSelectElement ? 'list' : 'text');
      if (action.kind === 'none') return;
      e.preventDefault();
      if (action.kind === 'cancel') setLineField(movementIndex, editing.line, editing.field, editing.before);
      setEditing(undefined);
      goTo(action.kind === 'commit' ? action.to : at);
      return;
    }
    const action = navigationKey(keyPress(e), at, size);
    if (action.kind === 'none') return;
    e.preventDefault();
    if (action.kind === 'move') goTo(action.to);
    else if (action.kind === 'clear') {
      if (typedField(at.field)) setLineField(movementIndex, at.line, at.field, '');
    } else if (isLineField(at.field)) startEditing(at.line, at.field, action.text);
  };

  const onDoubleClick = (e: MouseEvent<HTMLTableElement>) => {
    const at = cellOf(e.target, fields);
    if (at && !at.input && isLineField(at.field)) startEditing(at.line, at.field);
  };
  const onEditorBlur = useCallback(() => setEditing(undefined), []);

  return (
    <section aria-labelledby={`lines-heading-${movementIndex}`}>
      {pending && (
        <NumberReadingDialog
          source={pending.source}
          questions={pending.questions}
          onConfirm={onReadingChosen}
          onCancel={onReadingCancelled}
        />
      )}
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
          style={tableStyle}
          onKeyDown={onKeyDown}
          onDoubleClick={onDoubleClick}
          onFocus={(e) => {
            const at = cellOf(e.target, fields);
            if (at && (at.line !== active.line || at.column !== active.column)) setActive({ line: at.line, column: at.column });
          }}
          aria-label={t('editor.gridLabel', { movement: String(movementIndex + 1) })}
          aria-rowcount={lines.length + 1}
          aria-describedby={`lines-help-${movementIndex}`}
        >
          <thead className={classes.head}>
            <tr className={classes.headRow} aria-rowindex={1}>
              <th scope="col" className={classes.cell} style={{ width: NUMBER_WIDTH }}>
                #
              </th>
              {columns.map((c) => (
                <th key={c.field} scope="col" className={classes.cell} style={{ width: c.width }}>
                  {t(`columns.${c.field}`)}
                </th>
              ))}
              <th scope="col" className={classes.cell} style={{ width: REMOVE_WIDTH }}>
                <VisuallyHidden>{t('editor.remove')}</VisuallyHidden>
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
                  tabStop={row.index === activeIndex ? activeField : undefined}
                  editing={editing?.line === row.index ? editing.field : undefined}
                  onField={setLineField}
                  onLeave={touchLine}
                  onRemove={removeLine}
                  onEditorBlur={onEditorBlur}
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
