import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, startI18n } from '../../../../lib/i18n/i18n';
import type { WorkItem } from '../../../../contract/work-queue';
import { formatSpan, summariseQueues, workTiming } from './work-age';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const item = (id: string, enteredStatusAt: string, dueAt: string, owner: WorkItem['owner']): WorkItem => ({
  declarationId: id,
  lrn: `LRN-${id}`,
  externalReference: 'REF',
  currentStatus: 'Invalid',
  customsFlow: 'GB Import',
  jurisdiction: 'GB',
  need: 'fix',
  enteredStatusAt,
  enteredStatusFrom: 'event',
  dueAt,
  owner,
});

describe('work age', () => {
  beforeAll(async () => {
    await startI18n('en');
    await loadNamespaces('myWork');
  });
  const t = () => i18n.getFixedT('en', 'myWork');

  it('reads spans in two units at most', () => {
    expect(formatSpan(30_000, t())).toBe('under 1 min');
    expect(formatSpan(12 * 60_000, t())).toBe('12 min');
    expect(formatSpan(2 * 3_600_000 + 5 * 60_000, t())).toBe('2 h 5 min');
    expect(formatSpan(3 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000, t())).toBe('3 d 4 h');
    expect(formatSpan(86_400_000, t())).toBe('1 d');
  });

  it('tells the age in the status and whether the due time has passed', () => {
    expect(workTiming({ enteredStatusAt: '2026-11-27T09:00:00Z', dueAt: '2026-11-27T13:00:00Z' }, NOW, t())).toEqual({
      age: '3 h',
      overdue: false,
      due: 'due in 1 h',
    });
    expect(workTiming({ enteredStatusAt: '2026-11-27T06:00:00Z', dueAt: '2026-11-27T10:00:00Z' }, NOW, t())).toEqual({
      age: '6 h',
      overdue: true,
      due: 'overdue by 2 h',
    });
  });

  it('sums the queues per person, the unassigned pile first', () => {
    const clara = { sub: 'clara', name: 'Clara' };
    const summary = summariseQueues(
      [
        item('1', '2026-11-27T06:00:00Z', '2026-11-27T10:00:00Z', clara),
        item('2', '2026-11-27T11:00:00Z', '2026-11-27T15:00:00Z', clara),
        item('3', '2026-11-27T11:30:00Z', '2026-11-27T15:30:00Z', { sub: 'able', name: 'Able' }),
      ],
      NOW,
    );
    expect(summary).toEqual([
      { key: 'unassigned', name: 'Unassigned', count: 0, overdue: 0, oldestSince: undefined },
      { key: 'able', name: 'Able', count: 1, overdue: 0, oldestSince: '2026-11-27T11:30:00Z' },
      { key: 'clara', name: 'Clara', count: 2, overdue: 1, oldestSince: '2026-11-27T06:00:00Z' },
    ]);
  });
});
