import { Skeleton, Table } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { DeclarationSummary } from '../../../../contract/declarations';
import type { ColumnId, Density } from '../table-preferences';
import { SelectAllHeader, SelectRowCell } from '../../review/selection-cells';
import type { RowSelection } from '../../review/row-selection';
import { DECLARATION_COLUMNS } from './declaration-columns';

interface DeclarationsTableProps {
  rows: readonly DeclarationSummary[] | undefined;
  columns: readonly ColumnId[];
  density: Density;
  caption: string;
  /** Rows on screen are from the previous search while the new one loads. */
  stale: boolean;
  skeletonRows: number;
  /** A selection column for bulk actions (review desk). */
  selection?: RowSelection;
}

/** A click anywhere on a row opens it, except on its own controls or while selecting text to copy. */
function shouldOpen(event: MouseEvent<HTMLTableRowElement>): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return false;
  if (event.target instanceof Element && event.target.closest('a, button, input')) return false;
  return !window.getSelection()?.toString();
}

export function DeclarationsTable({ rows, columns, density, caption, stale, skeletonRows, selection }: DeclarationsTableProps) {
  const navigate = useNavigate();
  const shown = DECLARATION_COLUMNS.filter((c) => columns.includes(c.id));
  return (
    // Scrolls sideways only below what the chosen columns need (about 110 px each).
    <Table.ScrollContainer minWidth={Math.max(640, shown.length * 110)}>
      <Table
        striped
        highlightOnHover
        verticalSpacing={density === 'compact' ? 4 : 'sm'}
        // Narrow side padding: the default columns and the selection column fit 1440 px.
        horizontalSpacing={6}
        fz={density === 'compact' ? 'xs' : 'sm'}
        captionSide="top"
        aria-busy={rows === undefined || stale}
        data-testid="declarations-table"
      >
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection && <SelectAllHeader selection={selection} rows={rows} />}
            {shown.map((c) => (
              <Table.Th key={c.id} scope="col" style={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {/* Only the rows fade while stale: the caption keeps its contrast. */}
        <Table.Tbody style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {rows === undefined
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <Table.Tr key={i} aria-hidden="true">
                  {selection && <Table.Td />}
                  {shown.map((c) => (
                    <Table.Td key={c.id}>
                      <Skeleton height={12} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr
                  key={row.declarationId}
                  data-testid="declaration-row"
                  style={{ cursor: 'pointer' }}
                  onClick={(event) => {
                    if (shouldOpen(event)) void navigate({ to: '/declarations/$declarationId', params: { declarationId: row.declarationId } });
                  }}
                >
                  {selection && <SelectRowCell selection={selection} row={row} />}
                  {shown.map((c) => (
                    <Table.Td key={c.id} data-column={c.id}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
