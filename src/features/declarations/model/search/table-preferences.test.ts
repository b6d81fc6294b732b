import { describe, expect, it } from 'vitest';
import { columnsForSearch, DEFAULT_COLUMNS } from './table-preferences';

describe('columnsForSearch', () => {
  it('adds the ARC column to a search for excise movements, in its place', () => {
    const columns = columnsForSearch(DEFAULT_COLUMNS, { customsFlowStep: ['e-AD', 'e-AD Receipt'] });
    expect(columns).toEqual(['status', 'errors', 'lrn', 'mrn', 'arc', 'flow', 'jurisdiction', 'creationDate', 'lastUpdated']);
    expect(columnsForSearch(DEFAULT_COLUMNS, { customsFlow: 'GB Excise Dispatch' })).toContain('arc');
    expect(columnsForSearch(DEFAULT_COLUMNS, { arc: '26GB00000000000000001' })).toContain('arc');
  });

  it('keeps the user’s columns for other searches', () => {
    expect(columnsForSearch(DEFAULT_COLUMNS, { customsFlowStep: ['Pre-lodge'] })).toEqual([...DEFAULT_COLUMNS]);
    expect(columnsForSearch(DEFAULT_COLUMNS, {})).toEqual([...DEFAULT_COLUMNS]);
  });
});
