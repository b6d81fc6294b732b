/**
 * The keyboard of the lines editor, spreadsheet style: cells are text, one cell at a time is an
 * editor. Why: Chromium walks every form control of the page on each typed character and focus
 * move, in or out of a <form> (autofill bookkeeping, by a trace; issue 12: ~750 forced style
 * updates per key with 15 rows of inputs), so the 9,999-line grid keeps one: the one being edited.
 */

export interface KeyPress {
  key: string;
  shift: boolean;
  /** Ctrl or Meta. */
  command: boolean;
  alt: boolean;
}

export interface Cell {
  line: number;
  column: number;
}

interface GridSize {
  lines: number;
  /** Columns a user can move to, the remove button's last. */
  columns: number;
  /** Columns that hold a value (the editable ones, all before the remove button's). */
  valueColumns: number;
  /** Lines one PageUp/PageDown moves. */
  page: number;
}

type NavigationAction =
  | { kind: 'move'; to: Cell }
  /** Start editing; `text` (a typed character) replaces the value. */
  | { kind: 'edit'; text?: string }
  | { kind: 'clear' }
  | { kind: 'none' };

type EditingAction = { kind: 'commit'; to: Cell } | { kind: 'cancel' } | { kind: 'none' };

const clamp = (n: number, max: number) => Math.max(0, Math.min(max, n));
const moveTo = (line: number, column: number, size: GridSize): { kind: 'move'; to: Cell } => ({
  kind: 'move',
  to: { line: clamp(line, size.lines - 1), column: clamp(column, size.columns - 1) },
});

/** Lines up or down a key moves by (arrows one, page keys a page), or undefined. */
function verticalStep(key: string, size: GridSize): number | undefined {
  if (key === 'ArrowDown') return 1;
  if (key === 'ArrowUp') return -1;
  if (key === 'PageDown') return size.page;
  if (key === 'PageUp') return -size.page;
  return undefined;
}

/** A key on a cell that is not being edited. Tab is left to the browser: it leaves the grid (one tab stop). */
export function navigationKey(press: KeyPress, at: Cell, size: GridSize): NavigationAction {
  const { key } = press;
  const step = verticalStep(key, size);
  if (step !== undefined) return moveTo(at.line + step, at.column, size);
  if (key === 'ArrowLeft') return moveTo(at.line, at.column - 1, size);
  if (key === 'ArrowRight') return moveTo(at.line, at.column + 1, size);
  if (key === 'Home') return press.command ? moveTo(0, 0, size) : moveTo(at.line, 0, size);
  if (key === 'End') return press.command ? moveTo(size.lines - 1, size.columns - 1, size) : moveTo(at.line, size.columns - 1, size);
  // The remove button's own keys (Enter, Space) press it.
  if (at.column >= size.valueColumns) return { kind: 'none' };
  if (key === 'Enter' || key === 'F2') return { kind: 'edit' };
  if (key === 'Delete' || key === 'Backspace') return { kind: 'clear' };
  if (key.length === 1 && key !== ' ' && !press.command && !press.alt) return { kind: 'edit', text: key };
  return { kind: 'none' };
}

/**
 * A key in the cell editor. Enter keeps the value and goes down, Tab right (Shift+Tab left, across
 * line ends), Escape restores the value; in a text box the arrow and page keys keep and move too,
 * in a list they choose the option.
 */
export function editingKey(press: KeyPress, at: Cell, size: GridSize, control: 'text' | 'list'): EditingAction {
  const { key } = press;
  if (key === 'Escape') return { kind: 'cancel' };
  if (key === 'Enter') return { kind: 'commit', to: moveTo(at.line + (press.shift ? -1 : 1), at.column, size).to };
  if (key === 'Tab') {
    const next = at.column + (press.shift ? -1 : 1);
    if (next < 0) return { kind: 'commit', to: at.line > 0 ? { line: at.line - 1, column: size.valueColumns - 1 } : at };
    if (next >= size.valueColumns) return { kind: 'commit', to: at.line < size.lines - 1 ? { line: at.line + 1, column: 0 } : at };
    return { kind: 'commit', to: { line: at.line, column: next } };
  }
  const step = control === 'text' ? verticalStep(key, size) : undefined;
  if (step !== undefined) return { kind: 'commit', to: moveTo(at.line + step, at.column, size).to };
  return { kind: 'none' };
}
