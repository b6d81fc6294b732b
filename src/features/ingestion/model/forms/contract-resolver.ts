import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { resolverFailure } from '../../../../lib/form-errors';

export interface MessageIssue {
  /** Dotted path into the message, which is also the form field's name (formulaLines.3.quantity); '' for the whole message. */
  path: string;
  message: string;
}

/** People's words for zod's type errors on fields the forms fill from text. */
function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return 'is required';
  if (issue.code === 'invalid_type' && /received NaN/.test(issue.message)) return 'must be a number';
  return issue.message;
}

/** Runs a contract schema on a message; the issues by dotted path. */
export function checkMessage<T>(schema: z.ZodType<T>, message: unknown): { ok: true; value: T } | { ok: false; issues: MessageIssue[] } {
  const parsed = schema.safeParse(message);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: readable(i) })) };
}

/**
 * A react-hook-form resolver that turns the form's text values into the message and checks it
 * with the contract's schema: the form's field names are the message's paths, so each issue lands
 * next to its field. Issues on the whole message or a list go to `root.<path>`.
 */
export function contractResolver<Values extends FieldValues, Message>(schema: z.ZodType<Message>, toMessage: (values: Values) => unknown): Resolver<Values, unknown, Message> {
  return (values, _context, options) => {
    const result = checkMessage(schema, toMessage(values));
    if (result.ok) return { values: result.value, errors: {} };
    return resolverFailure(
      result.issues.map((issue) => ({ path: issue.path === '' ? 'root.message' : issue.path, message: issue.message, type: 'contract' })),
      options,
    );
  };
}

/** '' → undefined; otherwise the number the text says (NaN when it says none, which the schema refuses). */
export const numberOrUndefined = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));
/** '' → undefined. */
export const textOrUndefined = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());
/** A message value back into a form's text. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
