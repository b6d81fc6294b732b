import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { resolverFailure } from '../../../../lib/form-errors';
import { ambiguityOf, numberText, typedNumber } from '../../../../lib/numbers/number-text';

export interface MessageIssue {
  /** Dotted path into the message, which is also the form field's name (formulaLines.3.quantity); '' for the whole message. */
  path: string;
  message: string;
}

/** People's words for zod's type errors on fields the forms fill from text. */
function readable(issue: z.core.$ZodIssue, typed: unknown): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return 'is required';
  // A number that reads two ways was sent as NaN: the field says which two, rather than "not a number".
  const twoWays = typeof typed === 'string' ? ambiguityOf(typed) : undefined;
  if (issue.code === 'invalid_type' && twoWays) return twoWays;
  if (issue.code === 'invalid_type' && /received NaN/.test(issue.message)) return 'must be a number';
  return issue.message;
}

/** The value at a dotted path of the form's values (the form's field names are the message's paths). */
function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = values;
  for (const key of path) at = at !== null && typeof at === 'object' ? Reflect.get(at, key) : undefined;
  return at;
}

/** Runs a contract schema on a message; the issues by dotted path. `values`: the form's text, to say why a number was refused. */
export function checkMessage<T>(
  schema: z.ZodType<T>,
  message: unknown,
  values?: unknown,
): { ok: true; value: T } | { ok: false; issues: MessageIssue[] } {
  const parsed = schema.safeParse(message);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: readable(i, valueAt(values, i.path)) })),
  };
}

/**
 * A react-hook-form resolver that turns the form's text values into the message and checks it
 * with the contract's schema: the form's field names are the message's paths, so each issue lands
 * next to its field. Issues on the whole message or a list go to `root.<path>`.
 */
export function contractResolver<Values extends FieldValues, Message>(
  schema: z.ZodType<Message>,
  toMessage: (values: Values) => unknown,
): Resolver<Values, unknown, Message> {
  return (values, _context, options) => {
    const result = checkMessage(schema, toMessage(values), values);
    if (result.ok) return { values: result.value, errors: {} };
    return resolverFailure(
      result.issues.map((issue) => ({ path: issue.path === '' ? 'root.message' : issue.path, message: issue.message, type: 'contract' })),
      options,
    );
  };
}

/** '' → undefined; otherwise the number the text says in the user's locale (NaN when it says none or reads two ways, which the schema refuses). */
export const numberOrUndefined = (text: string): number | undefined => typedNumber(text) ?? undefined;
/** '' → undefined. */
export const textOrUndefined = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());
/** A message value back into a form's text. */
export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? numberText(value) : typeof value === 'boolean' ? String(value) : '';
