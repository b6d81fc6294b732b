import { z } from 'zod';
import {
  assignedClassificationSchema,
  descriptionSchema,
  duplicateJurisdictionErrors,
  externalReferenceSchema,
  originSchema,
  type ClassificationItemCreate,
  type Jurisdiction,
} from '../../../contract/classification';
import { JURISDICTIONS } from '../../../contract/scopes';
import { ApiError } from '../../../lib/api-client';

/** The create form: the contract's rules, with an empty origin meaning "none". */
export const createItemFormSchema = z
  .object({
    externalReference: externalReferenceSchema,
    description: descriptionSchema,
    origin: z.union([z.literal(''), originSchema]),
    assignedClassifications: z.array(assignedClassificationSchema),
  })
  .superRefine((v, ctx) => {
    for (const [path, messages] of Object.entries(duplicateJurisdictionErrors(v.assignedClassifications))) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message: messages[0] ?? '' });
    }
  });
export type CreateItemFormInput = z.input<typeof createItemFormSchema>;
export type CreateItemFormValues = z.output<typeof createItemFormSchema>;

export const EMPTY_CREATE_FORM: CreateItemFormInput = { externalReference: '', description: '', origin: '', assignedClassifications: [] };

/** The jurisdiction a new assigned-code row starts with: the first one not taken yet. */
export const nextFreeJurisdiction = (taken: readonly string[]): Jurisdiction | undefined => JURISDICTIONS.find((j) => !taken.includes(j));

/** The creation body: no empty origin or comments, normalised codes left to the service. */
export function toCreateBody(v: CreateItemFormValues): ClassificationItemCreate {
  return {
    externalReference: v.externalReference.trim(),
    description: v.description.trim(),
    ...(v.origin ? { origin: v.origin } : {}),
    assignedClassifications: v.assignedClassifications.map((a) => ({
      jurisdiction: a.jurisdiction,
      code: a.code.trim(),
      ...(a.comment?.trim() ? { comment: a.comment.trim() } : {}),
    })),
  };
}

const FORM_FIELDS = /^(externalReference|description|origin|assignedClassifications\.\d+\.(jurisdiction|code|comment))$/;
export type CreateItemFieldPath = 'externalReference' | 'description' | 'origin' | `assignedClassifications.${number}.${'jurisdiction' | 'code' | 'comment'}`;
const isFieldPath = (path: string): path is CreateItemFieldPath => FORM_FIELDS.test(path);

/**
 * The server's answer as field errors (RFC 9457 `errors`): fields the form has get their messages
 * beside them; a 409 always lands on externalReference; the rest is returned for a summary.
 */
export function serverFieldErrors(error: unknown): { fields: [CreateItemFieldPath, string][]; other: string[] } {
  const fields: [CreateItemFieldPath, string][] = [];
  const other: string[] = [];
  if (!(error instanceof ApiError)) return { fields, other };
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const message = messages.join(' ');
    if (isFieldPath(path)) fields.push([path, message]);
    else other.push(`${path}: ${message}`);
  }
  if (error.status === 409 && !fields.some(([p]) => p === 'externalReference')) {
    fields.push(['externalReference', 'Already in use by another item.']);
  }
  return { fields, other };
}
