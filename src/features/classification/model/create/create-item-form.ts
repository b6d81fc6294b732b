import { z } from 'zod';
import {
  assignedClassificationSchema,
  descriptionSchema,
  duplicateJurisdictionErrors,
  externalReferenceSchema,
  originSchema,
  type ClassificationItemCreate,
  type Jurisdiction,
} from '../../../../contract/classification';
import { JURISDICTIONS } from '../../../../contract/scopes';
import { ApiError } from '../../../../lib/api-client';
import type { ServerErrorMapping } from '../../../../lib/form-errors';

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
export type CreateItemFieldPath =
  'externalReference' | 'description' | 'origin' | `assignedClassifications.${number}.${'jurisdiction' | 'code' | 'comment'}`;
const isFieldPath = (path: string): path is CreateItemFieldPath => FORM_FIELDS.test(path);

/** RFC 9457 `errors` land on the fields the form has; the rest goes to a summary. */
export const createItemErrorMapping: ServerErrorMapping<CreateItemFieldPath> = {
  fieldOf: (path) => (isFieldPath(path) ? path : undefined),
};

/** The server's field errors; a 409 without any always means the external reference is taken. */
export function itemServerErrors(error: unknown): Readonly<Record<string, readonly string[]>> {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 409 && !error.fieldErrors['externalReference'])
    return { ...error.fieldErrors, externalReference: ['Already in use by another item.'] };
  return error.fieldErrors;
}
