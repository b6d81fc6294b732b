import type { z } from 'zod';
import { labelFor, type FieldCatalogue } from './field-catalogue';
import { pruneEmpty } from './prune-empty';

export interface UnmetRule {
  /** Dotted path of the field (or group) the rule is about; '' for the whole body. */
  path: string;
  /** What the user reads: the field and, unless it is simply missing, why. */
  text: string;
}

/** zod's words for a missing value are for developers; the form says "required". */
export const REQUIRED = 'Required.';
export const parseOptions: z.core.ParseContext<z.core.$ZodIssue> = {
  error: (issue) => (issue.input === undefined || (issue.code === 'too_small' && issue.origin === 'string') ? REQUIRED : undefined),
};

export const issuePath = (issue: z.core.$ZodIssue): string => issue.path.map(String).join('.');

/** Every rule of the contract schema the form's current values still break, in schema order. */
export function unmetRules(
  schema: z.ZodType,
  values: unknown,
  catalogue: FieldCatalogue,
  optionalGroups: readonly string[] = [],
): UnmetRule[] {
  const parsed = schema.safeParse(pruneEmpty(values, optionalGroups), parseOptions);
  if (parsed.success) return [];
  const seen = new Set<string>();
  return parsed.error.issues.flatMap((issue) => {
    const path = issuePath(issue);
    const label = labelFor(catalogue, path);
    const text =
      issue.message === REQUIRED
        ? label
        : issue.code === 'custom'
          ? `${label} (${issue.message.replace(/\.$/, '')})`
          : `${label}: ${issue.message}`;
    if (seen.has(text)) return [];
    seen.add(text);
    return [{ path, text }];
  });
}
