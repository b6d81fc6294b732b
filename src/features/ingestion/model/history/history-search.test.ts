import { describe, expect, it } from 'vitest';
import { historySearchSchema, toHistoryQuery } from './history-search';

describe('history filters in the URL', () => {
  it('keeps known values and drops the rest', () => {
    expect(historySearchSchema.parse({ channel: 'ftps', type: 'Formula', outcome: 'Nope', from: '2026-11-02', to: 'tomorrow' })).toEqual({
      channel: 'ftps',
      type: 'Formula',
      outcome: undefined,
      from: '2026-11-02',
      to: undefined,
    });
    expect(historySearchSchema.parse({})).toEqual({});
  });

  it('turns a day range into instants: from the first midnight to the midnight after the last day', () => {
    const query = toHistoryQuery({ from: '2026-11-02', to: '2026-11-03', outcome: 'Rejected' });
    expect(query.outcome).toBe('Rejected');
    expect(new Date(query.from ?? '').getTime()).toBe(new Date(2026, 10, 2).getTime());
    expect(new Date(query.to ?? '').getTime()).toBe(new Date(2026, 10, 4).getTime());
    expect(toHistoryQuery({})).toEqual({});
  });
});
