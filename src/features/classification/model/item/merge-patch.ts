import type { ClassificationItem, ClassificationItemPatch } from '../../../../contract/classification';

export interface ItemEditValues {
  externalReference: string;
  description: string;
  origin: string;
}

export const editValuesOf = (item: Pick<ClassificationItem, 'externalReference' | 'description' | 'origin'>): ItemEditValues => ({
  externalReference: item.externalReference,
  description: item.description ?? '',
  origin: item.origin ?? '',
});

/**
 * JSON Merge Patch of the edit form: only the fields that changed; a cleared description or
 * origin is null (merge-patch's "remove"). externalReference cannot be cleared, the form's
 * validation sees to that.
 */
export function toMergePatch(before: ItemEditValues, after: ItemEditValues): ClassificationItemPatch {
  const patch: ClassificationItemPatch = {};
  const ref = after.externalReference.trim();
  if (ref !== before.externalReference) patch.externalReference = ref;
  const description = after.description.trim();
  if (description !== before.description.trim()) patch.description = description === '' ? null : description;
  const origin = after.origin.trim();
  if (origin !== before.origin) patch.origin = origin === '' ? null : origin;
  return patch;
}
