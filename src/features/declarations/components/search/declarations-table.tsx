import { Skeleton, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { memo, useMemo } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { DeclarationSummary } from '../../../../contract/declarations';
import type { ColumnId, Density } from '../../model/search/table-preferences';
import { SelectAllHeader, SelectRowCell } from '../review/selection-cells';
import type { RowSelection } from '../../model/review/row-selection';
import { plainCellClass, plainRowClass, stripedHoverRowAttributes } from '../../../../components/plain-table-row';
import { DECLARATION_COLUMNS, type DeclarationColumn } from './declaration-columns';
import { useRowLinks } from '../../model/search/use-row-links';
import { OwnersContext } from '../../model/search/owners-context';
import { assignmentsQueryOptions } from '../../api/assignments.queries';

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

interface DeclarationRowProps {
  row: DeclarationSummary;
  shown: readonly DeclarationColumn[];
  hrefOf: (declarationId: string) => string;
  /** The table's `t`: a new one when the language changes, so the memoised rows render again in it. */
  t: TFunction<'declarations'>;
  /** With a selection column: whether this row is ticked, and how to tick it. */
  checked?: boolean;
  onToggle?: RowSelection['toggle'];
}

/**
 * Plain `<tr>`/`<td>` with Mantine's table classes: a hundred rows render in a fraction of the time
 * Table.Tr/Td take. Memoised (every prop is stable): the rows on screen do not render again while
 * the next search loads or when another row is ticked.
 */
const DeclarationRow = memo(function DeclarationRow({ row, shown, hrefOf, t, checked, onToggle }: DeclarationRowProps) {
  const href = hrefOf(row.declarationId);
  return (
    <tr
      className={plainRowClass}
      {...stripedHoverRowAttributes}
      data-testid="declaration-row"
      data-declaration-id={row.declarationId}
      style={ROW_STYLE}
    >
      {onToggle && <SelectRowCell row={row} checked={checked ?? false} onToggle={onToggle} t={t} />}
      {shown.map((c) => (
        <td key={c.id} className={plainCellClass} data-column={c.id}>
          {c.render(row, href, t)}
        </td>
      ))}
    </tr>
  );
});

const ROW_STYLE = { cursor: 'pointer' } as const;

export function DeclarationsTable({ rows, columns, density, caption, stale, skeletonRows, selection }: DeclarationsTableProps) {
  const { t } = useTranslation('declarations');
  const shown = useMemo(() => DECLARATION_COLUMNS.filter((c) => columns.includes(c.id)), [columns]);
  // One set of handlers for the whole body rather than a Link and closures per row.
  const { hrefOf, bodyHandlers } = useRowLinks();
  const owners = useOwners(rows, columns.includes('owner'));
  return (
    // Scrolls sideways only below what the chosen columns need (about 110 px each).
    <OwnersContext value={owners}>
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
                  {t(`columns.${c.id}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {/* Only the rows fade while stale: the caption keeps its contrast. On a layer of their own (will-change), so the fade is composited rather than repainting a hundred rows each frame. */}
          <Table.Tbody style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms', willChange: 'opacity' }} {...bodyHandlers}>
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
              : rows.map((row, index) => (
                  // Keyed by position: a new page or search updates the rows in place (text and attributes) instead of
                  // removing a hundred rows and building a hundred new ones, most of the time from Search to the rows.
                  // Rows hold no state of their own (the selection is by declaration id), so nothing carries over.
                  <DeclarationRow
                    key={index}
                    row={row}
                    shown={shown}
                    hrefOf={hrefOf}
                    t={t}
                    checked={selection?.isSelected(row.declarationId)}
                    onToggle={selection?.toggle}
                  />
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </OwnersContext>
  );
}

/** The owners of the rows on screen, one request per page, only when the Owner column shows. */
function useOwners(rows: readonly DeclarationSummary[] | undefined, wanted: boolean): ReadonlyMap<string, string> | undefined {
  const ids = useMemo(() => (wanted && rows ? rows.map((r) => r.declarationId) : []), [rows, wanted]);
  const owners = useQuery(assignmentsQueryOptions(ids));
  return useMemo(() => (owners.data ? new Map([...owners.data].map(([id, a]) => [id, a.ownerName])) : undefined), [owners.data]);
}
