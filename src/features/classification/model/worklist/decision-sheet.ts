import Papa from 'papaparse';
import type { WorklistRow } from '../../../../contract/classification-workbench';
import { formatCode } from '../../../../lib/format';

/** Proposed minus assigned score; unknown while the result does not state the assigned code's score. */
export const scoreGap = (row: WorklistRow): number | null =>
  row.run.bestScore !== null && row.run.assignedScore !== null ? Math.round((row.run.bestScore - row.run.assignedScore) * 10) / 10 : null;

/** Excel runs a cell starting with one of these as a formula (CSV injection): such text gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const cell = (value: string | number | null): string | number =>
  value === null ? '' : typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;

export const DECISION_SHEET_HEADER = [
  'Item',
  'Jurisdiction',
  'Assigned code',
  'Assigned score',
  'Proposed code',
  'Proposed score',
  'Gap',
  'Decision',
  'Comment',
  'Decided by',
  'Decided at',
];

/** The worklist with each row's latest decision, as CSV for Excel (BOM, CRLF, RFC 4180 quoting). */
export function decisionSheetCsv(rows: readonly WorklistRow[]): string {
  const lines = rows.map((row) => {
    const { run, decision } = row;
    return [
      run.itemReference ?? run.itemId,
      run.jurisdiction,
      run.assignedCode ? formatCode(run.jurisdiction, run.assignedCode) : null,
      run.assignedScore,
      run.bestCode ? formatCode(run.jurisdiction, run.bestCode) : null,
      run.bestScore,
      scoreGap(row),
      decision?.decision ?? null,
      decision?.comment ?? null,
      decision?.decidedBy.name ?? null,
      decision?.decidedAt ?? null,
    ].map(cell);
  });
  return `\uFEFF${Papa.unparse({ fields: DECISION_SHEET_HEADER, data: lines }, { newline: '\r\n' })}\r\n`;
}

export const decisionSheetFileName = (now = new Date()): string => `better-suggestions-${now.toISOString().slice(0, 10)}.csv`;
