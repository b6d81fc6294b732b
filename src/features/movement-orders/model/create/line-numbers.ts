import { readAs, readColumn, userLocale, type CellReadings, type DecimalMark } from '../../../../lib/numbers/number-reading';
import { numberText } from '../../../../lib/numbers/number-text';
import type { LineColumn } from './line-columns';
import { NUMBER_LINE_FIELDS, type LineDraft, type NumberLineField } from './order-draft';

/**
 * The number columns of pasted or imported lines, read as the sheet meant them: each column gets
 * one decimal mark, from its cells and the user's locale (lib/numbers). A column that cannot be
 * read without a guess becomes a question for the user; nothing is added until it is answered.
 */

/** A number column the user must read for the console: the cells that read differently, as examples. */
export interface NumberQuestion {
  field: NumberLineField;
  label: string;
  reason: 'ambiguous' | 'contradictory';
  suggested: DecimalMark | undefined;
  examples: CellReadings[];
}

/** The decimal mark of each number column of the import. */
export type NumberDecisions = Partial<Record<NumberLineField, DecimalMark>>;

const MAX_EXAMPLES = 6;

/** What the import's number columns need: the columns read already, and the questions for the rest. */
export function readLineNumbers(
  lines: readonly LineDraft[],
  columns: readonly LineColumn[],
  locale: string = userLocale(),
): { decided: NumberDecisions; questions: NumberQuestion[] } {
  const decided: NumberDecisions = {};
  const questions: NumberQuestion[] = [];
  for (const field of NUMBER_LINE_FIELDS) {
    const column = columns.find((c) => c.field === field);
    if (!column) continue;
    const reading = readColumn(
      lines.map((l) => l[field]),
      locale,
    );
    if (reading.kind === 'read') decided[field] = reading.decimal;
    else {
      const seen = new Set<string>();
      const examples = reading.cells.filter((c) => !seen.has(c.text) && seen.add(c.text)).slice(0, MAX_EXAMPLES);
      questions.push({ field, label: column.label, reason: reading.reason, suggested: reading.suggested, examples });
    }
  }
  return { decided, questions };
}

/**
 * The lines with their number cells as read: written again as the user would type them ("1250",
 * "300,5" in a decimal-comma locale), so the draft holds no grouping and no two-way text. A cell
 * that is not a number stays as it was, for the checks to mark.
 */
export function withReadNumbers(lines: readonly LineDraft[], decisions: NumberDecisions, locale: string = userLocale()): LineDraft[] {
  const fields = NUMBER_LINE_FIELDS.flatMap((field) => {
    const decimal = decisions[field];
    return decimal ? [{ field, decimal }] : [];
  });
  return lines.map((line) => {
    const changes: Partial<Record<NumberLineField, string>> = {};
    for (const { field, decimal } of fields) {
      const value = readAs(line[field], decimal);
      if (value !== undefined) changes[field] = numberText(value, locale);
    }
    return Object.keys(changes).length > 0 ? { ...line, ...changes } : line;
  });
}
