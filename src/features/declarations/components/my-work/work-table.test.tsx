import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WorkItem } from '../../../../contract/work-queue';
import { renderOnPage } from '../../../../lib/test-support/render-with-mantine';
import { WorkTable } from './work-table';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');

const item = (over: Partial<WorkItem>): WorkItem => ({
  declarationId: 'd-1',
  lrn: 'LRN-1',
  externalReference: 'SHIP-1',
  currentStatus: 'Invalid',
  customsFlow: 'NL Import',
  jurisdiction: 'NL',
  need: 'fix',
  enteredStatusAt: '2026-11-28T06:30:00.000Z',
  enteredStatusFrom: 'event',
  dueAt: '2026-11-28T10:30:00.000Z',
  owner: null,
  ...over,
});

const ITEMS = [
  item({}),
  item({
    declarationId: 'd-2',
    lrn: 'LRN-2',
    currentStatus: 'Validated',
    need: 'submit',
    enteredStatusAt: '2026-11-28T11:50:00.000Z',
    enteredStatusFrom: 'lastUpdated',
    dueAt: '2026-11-28T12:50:00.000Z',
    owner: { sub: 'clara', name: 'Clara Clerk' },
  }),
];

function renderTable(props: Partial<Parameters<typeof WorkTable>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderOnPage(
    <QueryClientProvider client={client}>
      <WorkTable items={ITEMS} caption="Needs action: 2" now={NOW} {...props} />
    </QueryClientProvider>,
    'Needs action: 2',
  );
}

const rows = () => screen.getAllByTestId('work-row');

describe('the work queue table', () => {
  it('lists each declaration by LRN with what it needs, how long it has waited and when it is due', async () => {
    await renderTable();
    expect(screen.getByRole('table', { name: 'Needs action: 2' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Declaration',
      'Status',
      'Needs',
      'In status for',
      'Due',
    ]);
    const [late, fresh] = rows();
    if (!late || !fresh) throw new Error('two rows expected');
    expect(within(late).getByRole('link', { name: 'LRN-1' }).getAttribute('href')).toBe('/declarations/d-1');
    expect(late.textContent).toContain('Fix the errors');
    expect(within(late).getByTestId('work-age').textContent).toContain('5 h 30 min');
    // Past its due time: said in words, not by colour alone.
    expect(late.textContent).toContain('overdue by 1 h 30 min');
    expect(fresh.textContent).toContain('Submit');
    expect(fresh.textContent).toContain('due in 50 min');
    // The age of a declaration without a status event is read from its last update, and says so.
    expect(within(fresh).getByTestId('work-age').textContent).toContain('(last update)');
  });

  it('shows owners only when asked, naming the unassigned ones', async () => {
    await renderTable({ showOwner: true });
    expect(screen.getByRole('columnheader', { name: 'Owner' })).toBeTruthy();
    expect(rows().map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual(['Unassigned', 'Clara Clerk']);
  });

  it('lets a supervisor tick rows by their labelled checkboxes', async () => {
    const onToggle = vi.fn();
    const { user } = await renderTable({ selected: new Set(['d-2']), onToggle });
    const first = screen.getByRole('checkbox', { name: 'Select LRN-1' });
    expect(screen.getByRole('checkbox', { name: 'Select LRN-2' })).toHaveProperty('checked', true);
    await user.click(first);
    expect(onToggle).toHaveBeenCalledWith('d-1', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select LRN-2' }));
    expect(onToggle).toHaveBeenLastCalledWith('d-2', false);
  });
});
