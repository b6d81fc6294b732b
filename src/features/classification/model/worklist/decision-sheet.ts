import type { TFunction } from '../../../../lib/i18n/message-keys';
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

/** The sheet's columns, headed in the console's language; the values stay as the service and the BFF write them. */
const HEADER_KEYS = [
  'item',
  'jurisdiction',
  'assignedCode',
  'assignedScore',
  'proposedCode',
  'proposedScore',
  'gap',
  'decision',
  'comment',
  'decidedBy',
  'decidedAt',
] as const;

/** The worklist with each row's latest decision, as CSV for Excel (BOM, CRLF, RFC 4180 quoting). */
export function decisionSheetCsv(rows: readonly WorklistRow[], t: TFunction<'classification'>): string {
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
  return `\uFEFF${Papa.unparse({ fields: HEADER_KEYS.map((key) => t(`csv.${key}`)), data: lines }, { newline: '\r\n' })}\r\n`;
}

export const decisionSheetFileName = (now = new Date()): string => `better-suggestions-${now.toISOString().slice(0, 10)}.csv`;
