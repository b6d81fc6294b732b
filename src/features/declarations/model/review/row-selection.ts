import { useCallback, useState } from 'react';
import type { BulkTarget } from '../../components/review/bulk-bar';

export interface RowSelection {
  selected: ReadonlyMap<string, BulkTarget>;
  isSelected: (declarationId: string) => boolean;
  toggle: (row: BulkTarget, on: boolean) => void;
  /** Selects or clears every row shown. */
  toggleAll: (rows: readonly BulkTarget[], on: boolean) => void;
  clear: () => void;
}

/** A declaration as the selection keeps it. */
const target = (r: BulkTarget): BulkTarget => ({ declarationId: r.declarationId, lrn: r.lrn, currentStatus: r.currentStatus });

/** Declarations selected for a bulk action; kept across result pages until cleared. The actions are stable, so rows need not render again when another row is ticked. */
export function useRowSelection(): RowSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, BulkTarget>>(new Map());
  const toggle = useCallback(
    (row: BulkTarget, on: boolean) =>
      setSelected((s) => {
        const next = new Map(s);
        if (on) next.set(row.declarationId, target(row));
        else next.delete(row.declarationId);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    (rows: readonly BulkTarget[], on: boolean) =>
      setSelected((s) => {
        const next = new Map(s);
        for (const r of rows) {
          if (on) next.set(r.declarationId, target(r));
          else next.delete(r.declarationId);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Map()), []);
  return { selected, isSelected: (id) => selected.has(id), toggle, toggleAll, clear };
}
