import { describe, expect, it } from 'vitest';
import { declarationSearchQuerySchema } from '../../../../contract/declarations';
import {
  activeFilterCount,
  dayBoundary,
  declarationsSearchSchema,
  filtersOf,
  pageSummary,
  sameFilters,
  singleValuesAsText,
  toServiceQuery,
} from './search-params';

describe('declarations URL search', () => {
  it('defaults to the first page of 25 with no filters', () => {
    expect(declarationsSearchSchema.parse({})).toEqual({ limit: 25, offset: 0 });
  });

  it('keeps every specification parameter, lists as arrays', () => {
    const search = declarationsSearchSchema.parse({
      externalReference: ' PO-1 ',
      direction: 'IN',
      shipFrom: 'CN',
      shipTo: 'GB',
      lrn: 'CAS26GB000000001',
      mrn: '26GB1234567890ABCD',
      arc: '26GB12345678901234567',
      customsFlow: 'GB Import',
      customsFlowStep: 'Pre-lodge',
      currentStatus: ['Invalid', 'CustomsError', 'Invalid'],
      jurisdiction: ['GB', 'IE'],
      storageLocation: ['GB-FXT-01'],
      ucr: 'UCR-1',
      declarationDateFrom: '2026-01-01',
      declarationDateTo: '2026-01-31',
      creationDateFrom: '2026-02-01',
      creationDateTo: '2026-02-02',
      lastUpdatedFrom: '2026-03-01',
      lastUpdatedTo: '2026-03-02',
      limit: 100,
      offset: 200,
    });
    expect(search.externalReference).toBe('PO-1');
    expect(search.customsFlowStep).toEqual(['Pre-lodge']);
    expect(search.currentStatus).toEqual(['Invalid', 'CustomsError']);
    expect(activeFilterCount(search)).toBe(19);
    expect(search).toMatchObject({ limit: 100, offset: 200 });
  });

  it('falls back instead of failing on a bad link', () => {
    const search = declarationsSearchSchema.parse({
      direction: 'SIDEWAYS',
      limit: 30,
      offset: -5,
      creationDateFrom: 'yesterday',
      currentStatus: 7,
    });
    expect(search).toEqual({ limit: 25, offset: 0 });
  });

  it('snaps an offset to a multiple of the page size (the service refuses others)', () => {
    expect(declarationsSearchSchema.parse({ limit: 50, offset: 120 })).toMatchObject({ limit: 50, offset: 100 });
    expect(declarationsSearchSchema.parse({ limit: '100', offset: '300' })).toMatchObject({ limit: 100, offset: 300 });
  });

  it('writes a list of one as plain text for the address, and reads it back as a list', () => {
    const url = singleValuesAsText({ currentStatus: ['Invalid'], jurisdiction: ['GB', 'IE'], limit: 25, offset: 0 });
    expect(url).toEqual({ currentStatus: 'Invalid', jurisdiction: ['GB', 'IE'], limit: 25, offset: 0 });
    expect(declarationsSearchSchema.parse(url).currentStatus).toEqual(['Invalid']);
  });

  it('drops empty values', () => {
    expect(filtersOf(declarationsSearchSchema.parse({ lrn: '  ', currentStatus: [], jurisdiction: [''] }))).toEqual({});
  });

  it('compares filters ignoring list order and paging', () => {
    const a = declarationsSearchSchema.parse({ currentStatus: ['Invalid', 'CustomsError'], offset: 25 });
    const b = declarationsSearchSchema.parse({ currentStatus: ['CustomsError', 'Invalid'] });
    expect(sameFilters(a, b)).toBe(true);
    expect(sameFilters(a, declarationsSearchSchema.parse({ currentStatus: ['Invalid'] }))).toBe(false);
  });
});

describe('service query', () => {
  it('turns days into inclusive instants and passes what the contract accepts', () => {
    const query = toServiceQuery(
      declarationsSearchSchema.parse({
        creationDateFrom: '2026-02-01',
        creationDateTo: '2026-02-03',
        shipFrom: 'cn',
        mrn: '26gb1234567890abcd',
        limit: 50,
        offset: 50,
      }),
    );
    expect(query).toMatchObject({ limit: 50, offset: 50, shipFrom: 'CN', mrn: '26GB1234567890ABCD' });
    expect(query.creationDateFrom).toBe(dayBoundary('2026-02-01', 'start'));
    expect(query.creationDateTo).toBe(dayBoundary('2026-02-03', 'end'));
    expect(new Date(String(query.creationDateTo)).getTime() - new Date(String(query.creationDateFrom)).getTime()).toBe(3 * 86_400_000 - 1);
    expect(declarationSearchQuerySchema.safeParse(query).success).toBe(true);
  });

  it('leaves the shipTo country alone (it ends in "To" but is no date)', () => {
    expect(toServiceQuery(declarationsSearchSchema.parse({ shipTo: 'gb' })).shipTo).toBe('GB');
  });
});

describe('owner filter', () => {
  it('keeps the owner in the address and as a filter, but never sends it to the service (the BFF owns it)', () => {
    const search = declarationsSearchSchema.parse({ owner: 'me', currentStatus: 'Invalid' });
    expect(filtersOf(search)).toEqual({ owner: 'me', currentStatus: ['Invalid'] });
    expect(toServiceQuery(search)).toEqual({ currentStatus: ['Invalid'], limit: 25, offset: 0 });
    expect(sameFilters(search, { ...search, owner: 'unassigned' })).toBe(false);
  });
});

describe('page summary', () => {
  it('full page: rows 101–200 and a next page may exist', () => {
    expect(pageSummary(100, 100, 100)).toEqual({ first: 101, last: 200, hasNext: true, hasPrevious: true });
  });
  it('short page is the last', () => {
    expect(pageSummary(0, 7, 25)).toEqual({ first: 1, last: 7, hasNext: false, hasPrevious: false });
  });
  it('empty page', () => {
    expect(pageSummary(0, 0, 25)).toEqual({ first: 0, last: 0, hasNext: false, hasPrevious: false });
  });
});
