import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeclarationSummary } from '../../../../contract/declarations';
import { declarationSummaryFixture } from '../../../../lib/test-support/declaration-fixture';
import { renderOnPage } from '../../../../lib/test-support/render-with-mantine';
import { assignmentsQueryOptions } from '../../api/assignments.queries';
import { useRowSelection } from '../../model/review/row-selection';
import type { ColumnId } from '../../model/search/table-preferences';
import { DeclarationsTable } from './declarations-table';

const ROWS: DeclarationSummary[] = [
  declarationSummaryFixture({ declarationId: 'd-1', lrn: 'LRN-1', currentStatus: 'Invalid', hasErrors: true }),
  declarationSummaryFixture({ declarationId: 'd-2', lrn: 'LRN-2', currentStatus: 'Accepted', mrn: '26NL0000000000001', direction: 'OUT' }),
];

function renderTable(props: {
  rows?: readonly DeclarationSummary[] | undefined;
  columns?: readonly ColumnId[];
  stale?: boolean;
  selectable?: boolean;
  client?: QueryClient;
}) {
  const rows = 'rows' in props ? props.rows : ROWS;
  const { columns = ['direction', 'mrn', 'lrn', 'status'], stale = false, selectable = false } = props;
  const client = props.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Table() {
    const selection = useRowSelection();
    return (
      <>
        <DeclarationsTable
          rows={rows}
          columns={columns}
          density="comfortable"
          caption="2 declarations"
          stale={stale}
          skeletonRows={3}
          selection={selectable ? selection : undefined}
        />
        <output aria-label="Selected">{[...selection.selected.keys()].join(',')}</output>
      </>
    );
  }
  return renderOnPage(
    <QueryClientProvider client={client}>
      <Table />
    </QueryClientProvider>,
    '2 declarations',
  );
}

const table = () => screen.getByRole('table', { name: '2 declarations' });
const bodyRows = () => screen.queryAllByTestId('declaration-row');

describe('the declarations table', () => {
  it('shows the chosen columns in the table’s fixed order, one row per declaration linked by its LRN', async () => {
    await renderTable({});
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'LRN', 'MRN', 'Direction']);
    expect(bodyRows()).toHaveLength(2);
    const [first, second] = bodyRows();
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByRole('link', { name: 'LRN-1' }).getAttribute('href')).toBe('/declarations/d-1');
    expect(first.textContent).toContain('Invalid');
    expect(second.textContent).toContain('26NL0000000000001');
    expect(second.textContent).toContain('Export');
    expect(table().getAttribute('aria-busy')).toBe('false');
  });

  it('is busy with placeholder rows while the first search loads', async () => {
    await renderTable({ rows: undefined });
    expect(table().getAttribute('aria-busy')).toBe('true');
    expect(bodyRows()).toHaveLength(0);
    expect(within(table()).getAllByRole('row', { hidden: true })).toHaveLength(1 + 3);
  });

  it('keeps the previous rows on screen, marked busy, while the next search loads', async () => {
    await renderTable({ stale: true });
    expect(table().getAttribute('aria-busy')).toBe('true');
    expect(bodyRows()).toHaveLength(2);
  });

  it('shows each declaration’s owner from the BFF’s assignments when the Owner column is chosen', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(assignmentsQueryOptions(['d-1', 'd-2']).queryKey, {
      assignments: [
        { declarationId: 'd-2', ownerSub: 'clara', ownerName: 'Clara Clerk', assignedByName: 'Sam', assignedAt: '2026-11-28T08:00:00Z' },
      ],
    });
    await renderTable({ columns: ['lrn', 'owner'], client });
    const owners = bodyRows().map((r) => r.querySelector('[data-column="owner"]')?.textContent);
    // An unowned declaration shows the table's empty mark.
    expect(owners).toEqual(['–', 'Clara Clerk']);
  });

  it('selects rows by their labelled checkboxes, and every row on the page at once', async () => {
    const { user } = await renderTable({ selectable: true });
    await user.click(screen.getByRole('checkbox', { name: 'Select LRN-2' }));
    expect(screen.getByRole('status', { name: 'Selected' }).textContent).toBe('d-2');
    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 declarations on this page' }));
    expect(screen.getByRole('status', { name: 'Selected' }).textContent).toBe('d-2,d-1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 declarations on this page' }));
    expect(screen.getByRole('status', { name: 'Selected' }).textContent).toBe('');
  });
});
