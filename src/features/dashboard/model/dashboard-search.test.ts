import { describe, expect, it } from 'vitest';
import { dashboardSearchSchema, drillDown, toDashboardQuery } from './dashboard-search';

describe('dashboard address', () => {
  it('turns the range into UTC days, 30 by default, and falls back from a bad custom range', () => {
    expect(toDashboardQuery({}, '2026-11-27')).toMatchObject({ from: '2026-10-29', to: '2026-11-27' });
    expect(toDashboardQuery({ range: 'today' }, '2026-11-27')).toMatchObject({ from: '2026-11-27', to: '2026-11-27' });
    expect(toDashboardQuery({ range: '90d', compare: true }, '2026-11-27')).toMatchObject({
      from: '2026-08-30',
      to: '2026-11-27',
      compare: 'previous',
    });
    expect(toDashboardQuery({ range: 'custom', from: '2026-11-01', to: '2026-11-05' }, '2026-11-27')).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-05',
    });
    expect(toDashboardQuery({ range: 'custom', from: '2026-11-05', to: '2026-11-01' }, '2026-11-27')).toMatchObject({
      from: '2026-10-29',
      to: '2026-11-27',
    });
  });

  it('drops what a hand-edited link gets wrong instead of failing the page', () => {
    expect(dashboardSearchSchema.parse({ range: 'year', from: '2026-02-30', direction: 'SIDEWAYS', jurisdiction: 'GB' })).toEqual({
      range: undefined,
      from: undefined,
      to: undefined,
      flow: undefined,
      jurisdiction: 'GB',
      direction: undefined,
      office: undefined,
      compare: undefined,
    });
  });

  it('drills down to the declarations search with the day, statuses and the filters the search has (not the office)', () => {
    expect(
      drillDown({ jurisdiction: 'GB', direction: 'IN', flow: 'GB-IMPORT' }, { from: '2026-11-02', to: '2026-11-02' }, ['Invalid']),
    ).toEqual({
      currentStatus: ['Invalid'],
      creationDateFrom: '2026-11-02',
      creationDateTo: '2026-11-02',
      jurisdiction: ['GB'],
      direction: 'IN',
      customsFlow: 'GB-IMPORT',
    });
    expect(drillDown({}, {})).toEqual({});
  });

  it('keeps the owner from the address to the API and into the drill-down (the declarations search filters by owner too)', () => {
    const search = dashboardSearchSchema.parse({ owner: 'me', range: '7d' });
    const q = toDashboardQuery(search, '2026-11-27');
    expect(q.owner).toBe('me');
    expect(drillDown(q, {}, ['Invalid'])).toEqual({ currentStatus: ['Invalid'], owner: 'me' });
  });
});
