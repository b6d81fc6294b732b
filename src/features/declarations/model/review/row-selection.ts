import { useState } from 'react';
import type { BulkTarget } from '../../components/review/bulk-bar';

export interface RowSelection {
  selected: ReadonlyMap<string, BulkTarget>;
  isSelected: (declarationId: string) => boolean;
  toggle: (row: BulkTarget, on: boolean) => void;
  /** Selects or clears every row shown. */
  toggleAll: (rows: readonly BulkTarget[], on: boolean) => void;
  clear: () => void;
}

/** Declarations selected for a bulk action; kept across result pages until cleared. */
export function useRowSelection(): RowSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, BulkTarget>>(new Map());
  const target = (r: BulkTarget): BulkTarget => ({ declarationId: r.declarationId, lrn: r.lrn, currentStatus: r.currentStatus });
  return {
    selected,
    isSelected: (id) => selected.has(id),
    toggle: (row, on) =>
      setSelected((s) => {
        const next = new Map(s);
        if (on) next.set(row.declarationId, target(row));
        else next.delete(row.declarationId);
        return next;
      }),
    toggleAll: (rows, on) =>
      setSelected((s) => {
        const next = new Map(s);
        for (const r of rows) {
          if (on) next.set(r.declarationId, target(r));
          else next.delete(r.declarationId);
        }
        return next;
      }),
    clear: () => setSelected(new Map()),
  };
}
