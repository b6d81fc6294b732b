import { useCallback, useEffect, useRef, useState } from 'react';
import { MOVEMENT_ORDER_LINE_LIMIT } from '../../../../contract/movement-orders';
import {
  emptyLine,
  emptyMovement,
  emptyOrder,
  isBlankLine,
  type LineDraft,
  type LineField,
  type MovementDraft,
  type OrderDraft,
} from './order-draft';
import { ORDER_DRAFT_KEY, orderDraftSchema, storedOrder } from './order-draft-storage';
import { clearDraft, readDraft, writeDraft, type DraftStorage } from '../../../../lib/draft-storage';

/** Long enough that typing is never interrupted by serialising thousands of lines; short enough that a reload loses little. */
const SAVE_DELAY_MS = 1000;

export type LineImportMode = { at: number } | 'append';

export interface OrderEditor {
  order: OrderDraft;
  /** When the form was restored from a draft: the draft's save time. */
  restoredAt: string | undefined;
  setVersion: (version: string) => void;
  updateMovement: (index: number, change: (m: MovementDraft) => MovementDraft) => void;
  setLineField: (movement: number, line: number, field: LineField, value: string) => void;
  /** Marks a line as looked at: its errors show from now on. */
  touchLine: (movement: number, line: number) => void;
  /** Puts lines in at a row (blank rows there are filled) or after the last line that is not blank, up to the line limit. */
  insertLines: (movement: number, lines: LineDraft[], where: LineImportMode) => void;
  addMovement: () => void;
  removeMovement: (index: number) => void;
  /** Start again with an empty order; the stored draft is forgotten. */
  reset: () => void;
}

const checked = (line: LineDraft): LineDraft => ({ ...line, checked: true });
const isBlank = (line: LineDraft | undefined): boolean => line !== undefined && isBlankLine(line);

/**
 * The form's state: one immutable OrderDraft, saved to the user's storage (debounced) so a
 * reload restores it. Updates replace only the objects on the path to the change.
 */
export function useOrderEditor(storage: DraftStorage): OrderEditor {
  const key = ORDER_DRAFT_KEY;
  const [restored] = useState(() => readDraft(storage, key, orderDraftSchema));
  const [order, setOrder] = useState<OrderDraft>(() => restored?.value ?? emptyOrder());
  const [restoredAt, setRestoredAt] = useState(restored?.savedAt);
  const dirty = useRef(false);

  // Saved a second after the last change, and at once when the page is left (a link, Back): the
  // draft is what keeps the order, so leaving loses nothing and needs no question.
  const latest = useRef(order);
  useEffect(() => {
    latest.current = order;
  });
  const pending = useRef(false);
  const save = useCallback(() => {
    if (!pending.current) return;
    pending.current = false;
    writeDraft(storage, key, storedOrder(latest.current));
  }, [key, storage]);
  useEffect(() => {
    if (!dirty.current) return undefined;
    pending.current = true;
    const timer = setTimeout(save, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [order, save]);
  useEffect(() => save, [save]);

  const change = useCallback((next: (o: OrderDraft) => OrderDraft) => {
    dirty.current = true;
    setOrder(next);
  }, []);

  // A change that changes nothing keeps the order object, so the page does not render again: moving
  // between lines "touches" the line left, which is most often checked already (issue 12).
  const updateMovement = useCallback(
    (index: number, fn: (m: MovementDraft) => MovementDraft) =>
      change((o) => {
        const current = o.movements[index];
        const next = current && fn(current);
        return !next || next === current ? o : { ...o, movements: o.movements.map((m, i) => (i === index ? next : m)) };
      }),
    [change],
  );

  const updateLine = useCallback(
    (movement: number, line: number, fn: (l: LineDraft) => LineDraft) =>
      updateMovement(movement, (m) => {
        const current = m.lines[line];
        if (!current) return m;
        const next = fn(current);
        if (next === current) return m;
        const lines = m.lines.slice();
        lines[line] = next;
        return { ...m, lines };
      }),
    [updateMovement],
  );

  const setLineField = useCallback(
    (movement: number, line: number, field: LineField, value: string) => updateLine(movement, line, (l) => ({ ...l, [field]: value })),
    [updateLine],
  );
  const touchLine = useCallback(
    (movement: number, line: number) => updateLine(movement, line, (l) => (l.checked || isBlankLine(l) ? l : checked(l))),
    [updateLine],
  );

  const insertLines = useCallback(
    (movement: number, incoming: LineDraft[], where: LineImportMode) =>
      updateMovement(movement, (m) => {
        const lines = m.lines.slice();
        let at = where === 'append' ? lines.length : where.at;
        if (where === 'append') while (at > 0 && isBlank(lines[at - 1])) at--;
        // Blank rows at the insertion point are filled rather than pushed down.
        let replace = 0;
        while (replace < incoming.length && isBlank(lines[at + replace])) replace++;
        const room = MOVEMENT_ORDER_LINE_LIMIT - (lines.length - replace);
        const taken = incoming.slice(0, Math.max(0, room)).map(checked);
        lines.splice(at, replace, ...taken);
        return { ...m, lines: lines.length > 0 ? lines : [emptyLine()] };
      }),
    [updateMovement],
  );

  const reset = useCallback(() => {
    dirty.current = false;
    pending.current = false;
    clearDraft(storage, key);
    setRestoredAt(undefined);
    setOrder(emptyOrder());
  }, [key, storage]);

  return {
    order,
    restoredAt,
    setVersion: useCallback((version: string) => change((o) => ({ ...o, version })), [change]),
    updateMovement,
    setLineField,
    touchLine,
    insertLines,
    addMovement: useCallback(() => change((o) => ({ ...o, movements: [...o.movements, emptyMovement()] })), [change]),
    removeMovement: useCallback(
      (index: number) => change((o) => (o.movements.length > 1 ? { ...o, movements: o.movements.filter((_, i) => i !== index) } : o)),
      [change],
    ),
    reset,
  };
}
