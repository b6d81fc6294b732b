import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { resolverFailure } from '../../../../lib/form-errors';
import { pruneEmpty } from './prune-empty';
import { issuePath, parseOptions } from './unmet-rules';

/**
 * The zod resolver of the action dialogs: the contract schema (the one the sandbox validates
 * with) applied to the form's values with blanks pruned (see prune-empty.ts), which
 * @hookform/resolvers' zodResolver cannot do. The form model mirrors the body's paths, so
 * schema issues, form fields and the server's invalid-parameters share one name.
 */
export function contractResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  optionalGroups: readonly string[] = [],
): Resolver<Input, unknown, Output> {
  return (values, _context, options) => {
    const parsed = schema.safeParse(pruneEmpty(values, optionalGroups), parseOptions);
    if (parsed.success) return { values: parsed.data, errors: {} };
    return resolverFailure(
      parsed.error.issues.map((issue) => ({ path: issuePath(issue), message: issue.message, type: issue.code })),
      options,
    );
  };
}
