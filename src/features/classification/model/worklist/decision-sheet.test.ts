import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, startI18n } from '../../../../lib/i18n/i18n';
import type { WorklistRow } from '../../../../contract/classification-workbench';
import { decisionSheetCsv, decisionSheetFileName, scoreGap } from './decision-sheet';

// The sheet is headed in the console's language: English here, as the page's catalog loads it.
beforeAll(async () => {
  await startI18n('en');
  await loadNamespaces('classification');
});

const row = (over: Partial<WorklistRow['run']> = {}, decision: WorklistRow['decision'] = null): WorklistRow => ({
  run: {
    runId: 'r1',
    itemId: 'item-1',
    itemReference: 'SKU-1',
    jurisdiction: 'EU',
    code: null,
    assignedCode: '42029180',
    startedBy: { sub: 'ana', name: 'Ana Analyst' },
    startedAt: '2026-01-01T00:00:00Z',
    status: 'Completed',
    bestCode: '42022100',
    bestScore: 8.1,
    assignedScore: 2.4,
    better: true,
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  },
  decision,
});

describe('decision sheet', () => {
  it('gives the gap between the proposed and the assigned score, when both are known', () => {
    expect(scoreGap(row())).toBe(5.7);
    expect(scoreGap(row({ assignedScore: null }))).toBeNull();
  });

  it('writes one line per row with the latest decision, quoted for Excel and safe from formulas', () => {
    const decided = row(
      { itemReference: '=HYPERLINK("x")' },
      {
        id: 1,
        runId: 'r1',
        itemId: 'item-1',
        itemReference: 'SKU-1',
        jurisdiction: 'EU',
        assignedCode: '42029180',
        assignedScore: 2.4,
        proposedCode: '42022100',
        proposedScore: 8.1,
        decision: 'accepted',
        comment: 'Leather, "outer" surface',
        decidedBy: { sub: 'ana', name: 'Ana Analyst' },
        decidedAt: '2026-01-02T10:00:00.000Z',
      },
    );
    const csv = decisionSheetCsv([decided, row({ itemReference: null })], i18n.getFixedT('en', 'classification'));
    expect(
      csv.startsWith(
        '\uFEFFItem,Jurisdiction,Assigned code,Assigned score,Proposed code,Proposed score,Gap,Decision,Comment,Decided by,Decided at\r\n',
      ),
    ).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""x"")",EU,4202 91 80,2.4,4202 21 00,8.1,5.7,accepted,"Leather, ""outer"" surface",Ana Analyst,2026-01-02T10:00:00.000Z`,
    );
    expect(lines[2]).toBe('item-1,EU,4202 91 80,2.4,4202 21 00,8.1,5.7,,,,');
    expect(lines[3]).toBe('');
  });

  it('names the file by date', () => {
    expect(decisionSheetFileName(new Date('2026-03-04T05:06:07Z'))).toBe('better-suggestions-2026-03-04.csv');
  });
});
