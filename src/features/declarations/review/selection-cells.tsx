import { Checkbox, Table } from '@mantine/core';
import type { DeclarationSummary } from '../../../contract/declarations';
import { plainCellClass } from '../../../components/plain-table-row';
import type { RowSelection } from './row-selection';

/** Header cell: select or clear every row shown. */
export function SelectAllHeader({ selection, rows }: { selection: RowSelection; rows: readonly DeclarationSummary[] | undefined }) {
  const shown = rows ?? [];
  const count = shown.filter((r) => selection.isSelected(r.declarationId)).length;
  return (
    <Table.Th scope="col">
      <Checkbox
        aria-label={`Select all ${shown.length} declarations on this page`}
        checked={shown.length > 0 && count === shown.length}
        indeterminate={count > 0 && count < shown.length}
        disabled={shown.length === 0}
        onChange={(e) => selection.toggleAll(shown, e.currentTarget.checked)}
      />
    </Table.Th>
  );
}

/** Row cell: select one declaration (a click here does not open the row). */
export function SelectRowCell({ selection, row }: { selection: RowSelection; row: DeclarationSummary }) {
  return (
    <td className={plainCellClass}>
      <Checkbox aria-label={`Select ${row.lrn}`} checked={selection.isSelected(row.declarationId)} onChange={(e) => selection.toggle(row, e.currentTarget.checked)} />
    </td>
  );
}
