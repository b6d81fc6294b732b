import type { z } from 'zod';
import {
  movementIngestRulesSchema,
  movementLineSchema,
  movementRuleIssues,
  movementSchema,
  type MovementIngest,
} from '../../../../contract/movement-orders';
import { userLocale } from '../../../../lib/numbers/number-reading';
import { ambiguityOf } from '../../../../lib/numbers/number-text';
import {
  hasAdjustment,
  hasBlend,
  NUMBER_LINE_FIELDS,
  toMovement,
  toMovementLine,
  type LineDraft,
  type LineField,
  type MovementDraft,
  type OrderDraft,
} from './order-draft';

/**
 * The checks before sending, all from the contract (movementIngestRulesSchema and the rules behind
 * it), mapped back to the form: an error key names one control ("0.lines.12.quantity": movement
 * 1, line 13, quantity), in the order the controls appear, so the first key is where focus goes.
 */
export type FieldErrors = ReadonlyMap<string, string>;

/** Same keys and messages: lets memoised parts skip a render when a new map says the same. */
export const sameErrors = (a: FieldErrors, b: FieldErrors): boolean =>
  a === b || (a.size === b.size && [...a].every(([k, v]) => b.get(k) === v));

type Path = readonly PropertyKey[];

const BLEND_FIELDS: Readonly<Record<string, LineField>> = { itemId: 'blendItemId', quantity: 'blendQuantity', uom: 'blendUom' };

/** A line field from the part of a path after the line index. */
function lineField(rest: Path): string {
  const [field, sub] = rest;
  if (field === 'blendResult') return BLEND_FIELDS[String(sub)] ?? 'blendItemId';
  return String(field);
}

/** The form key of a path inside one movement of the MovementIngest. */
export function movementFieldKey(movement: number, path: Path): string {
  const [head, index, ...rest] = path;
  if (head === 'movementLines') return index === undefined ? `${movement}.lines` : `${movement}.lines.${String(index)}.${lineField(rest)}`;
  if (head === 'writeOffRules')
    return index === undefined
      ? `${movement}.writeOffRules`
      : `${movement}.writeOffRules.${String(index)}.${String(rest[0] ?? 'customsStatus')}`;
  if (head === 'adjustmentData') return `${movement}.${String(index ?? 'administrativeReferenceCode')}`;
  return `${movement}.${String(head ?? 'movementType')}`;
}

/** Zod's structural messages in the form's words: a missing value is required, a wrong one is not a number. */
function structuralMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return issue.input === undefined ? 'is required' : `must be a ${issue.expected}`;
  return issue.message;
}

const put = (errors: Map<string, string>, key: string, message: string) => {
  if (!errors.has(key)) errors.set(key, message);
};

/** A number that reads two ways ("1.250": 1250 or 1.25) is an error that asks which, never a guess. */
const ambiguity = (text: string, locale: string): string | undefined => ambiguityOf(text, locale);

const lineChecks = new WeakMap<LineDraft, { type: string; locale: string; errors: ReadonlyMap<string, string> }>();
const NO_ERRORS: ReadonlyMap<string, string> = new Map();

/**
 * One line's errors by field: its structure, then the line rules of its movement type. Memoised
 * per line object, so a 9,999-line table checks a line again only after it changed.
 */
export function checkLine(type: string, line: LineDraft, locale: string = userLocale()): ReadonlyMap<string, string> {
  const cached = lineChecks.get(line);
  if (cached?.type === type && cached.locale === locale) return cached.errors;
  const errors = new Map<string, string>();
  for (const field of NUMBER_LINE_FIELDS) {
    const message = field === 'blendQuantity' && !hasBlend(type) ? undefined : ambiguity(line[field], locale);
    if (message) put(errors, field, message);
  }
  const parsed = movementLineSchema.safeParse(toMovementLine(line, type), { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) put(errors, lineField(issue.path), structuralMessage(issue));
  } else {
    const probe = { timestamp: '', externalReference: '-', movementType: type, movementLines: [parsed.data] };
    for (const issue of movementRuleIssues(probe)) {
      if (issue.path[0] === 'movementLines' && issue.path.length > 2) put(errors, lineField(issue.path.slice(2)), issue.message);
    }
  }
  const result = errors.size === 0 ? NO_ERRORS : errors;
  lineChecks.set(line, { type, locale, errors: result });
  return result;
}

/** All errors of one movement, in form order: the header, the rules, then the lines. */
export function checkMovement(draft: MovementDraft, index: number): Map<string, string> {
  const errors = new Map<string, string>();
  const arcSequence = hasAdjustment(draft.movementType) ? ambiguity(draft.arcSequenceNumber, userLocale()) : undefined;
  if (arcSequence) put(errors, `${index}.arcSequenceNumber`, arcSequence);
  const parsed = movementSchema.safeParse(toMovement(draft), { reportInput: true });
  if (parsed.success) {
    for (const issue of movementRuleIssues(parsed.data)) put(errors, movementFieldKey(index, issue.path), issue.message);
  } else {
    // The movement's own rules need its structure; the lines can still be checked one by one.
    for (const issue of parsed.error.issues) {
      if (issue.path[0] !== 'movementLines' || issue.path.length < 3)
        put(errors, movementFieldKey(index, issue.path), structuralMessage(issue));
    }
    draft.lines.forEach((line, i) => {
      for (const [field, message] of checkLine(draft.movementType, line)) put(errors, `${index}.lines.${i}.${field}`, message);
    });
  }
  return sortByFormOrder(errors);
}

const PART_ORDER = (key: string): number => (key.includes('.lines') ? 2 : key.includes('.writeOffRules') ? 1 : 0);
const lineIndexOf = (key: string): number => Number(/\.lines\.(\d+)\./.exec(key)?.[1] ?? -1);

function sortByFormOrder(errors: Map<string, string>): Map<string, string> {
  return new Map([...errors].sort(([a], [b]) => PART_ORDER(a) - PART_ORDER(b) || lineIndexOf(a) - lineIndexOf(b)));
}

export type OrderCheck = { ok: true; ingest: MovementIngest } | { ok: false; errors: FieldErrors };

/** Everything the form checks before sending; `ingest` is what goes to POST /v1/movementorders. */
export function checkOrder(order: OrderDraft): OrderCheck {
  const errors = new Map<string, string>();
  order.movements.forEach((movement, i) => {
    for (const [key, message] of checkMovement(movement, i)) errors.set(key, message);
  });
  if (errors.size > 0) return { ok: false, errors };
  const parsed = movementIngestRulesSchema.safeParse({
    ...(order.version.trim() ? { version: order.version.trim() } : {}),
    movements: order.movements.map(toMovement),
  });
  if (parsed.success) return { ok: true, ingest: parsed.data };
  // Not reached while checkMovement covers every rule; kept so nothing unchecked is ever sent.
  return {
    ok: false,
    errors: new Map(parsed.error.issues.map((issue) => [movementFieldKey(Number(issue.path[1] ?? 0), issue.path.slice(2)), issue.message])),
  };
}
