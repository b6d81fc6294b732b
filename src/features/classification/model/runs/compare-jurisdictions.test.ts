import { describe, expect, it } from 'vitest';
import type { RecordedRun } from '../../../../contract/classification-workbench';
import { compareJurisdictions } from './compare-jurisdictions';

const run = (
  runId: string,
  jurisdiction: RecordedRun['jurisdiction'],
  bestCode: string | null,
  status: RecordedRun['status'] = 'Completed',
): RecordedRun => ({
  runId,
  itemId: 'i',
  itemReference: null,
  jurisdiction,
  code: null,
  assignedCode: null,
  startedBy: { sub: 's', name: 'n' },
  startedAt: '2026-01-01T00:00:00Z',
  status,
  bestCode,
  bestScore: bestCode ? 8 : null,
  assignedScore: null,
  better: false,
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('compareJurisdictions', () => {
  it('takes the latest completed run of each jurisdiction, in EU, UK, US, CH order', () => {
    const columns = compareJurisdictions([
      run('new-pending', 'EU', null, 'Pending'),
      run('eu-new', 'EU', '42022100'),
      run('eu-old', 'EU', '99999999'),
      run('us', 'US', '4202210090'),
    ]);
    expect(columns.map((c) => [c.jurisdiction, c.run?.runId, c.hs6])).toEqual([
      ['EU', 'eu-new', '420221'],
      ['UK', undefined, undefined],
      ['US', 'us', '420221'],
      ['CH', undefined, undefined],
    ]);
    expect(columns.some((c) => c.differs)).toBe(false);
  });

  it('marks the jurisdictions whose 6 digits differ from the majority, not differences beyond 6 digits', () => {
    const columns = compareJurisdictions([
      run('eu', 'EU', '42022100'),
      run('uk', 'UK', '4202219000'),
      run('us', 'US', '4202310000'),
      run('ch', 'CH', '42022190'),
    ]);
    expect(columns.map((c) => c.differs)).toEqual([false, false, true, false]);
  });

  it('on a tie keeps the first jurisdiction as the reference', () => {
    const columns = compareJurisdictions([run('eu', 'EU', '42022100'), run('us', 'US', '4202310000')]);
    expect(columns.filter((c) => c.differs).map((c) => c.jurisdiction)).toEqual(['US']);
  });
});
