import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { classificationSearchResultSchema, type StartClassification } from '../../../contract/classification';
import { sameGoodsDescription } from '../../../contract/classification-links';
import { request } from '../../../lib/api-client';
import { createItem, startRun } from '../../../lib/classification-run';

export interface CodeCheckStart {
  /** External references to file the check under, in order of preference (checkItemReferences). */
  references: readonly string[];
  description: string;
  run: StartClassification;
}

/** The item filed under this exact reference, if any (the search matches exactly without a leading or trailing *). */
async function itemByReference(reference: string) {
  const page = await request('/v1/classifications/items/search', {
    query: { externalReference: reference, limit: 10 },
    schema: classificationSearchResultSchema,
  });
  return page.data.find((d) => d.externalReference === reference);
}

/**
 * "Check this code": the goods item's description classified by the service. References are
 * unique in the tenant, so the check reuses the item filed under the first reference that is free
 * or already describes the same goods; the last reference (the console's own for this goods item)
 * has its description brought up to date. Then one run, verifying the declared code.
 */
export function useCheckGoodsItemCode() {
  return useMutation({
    mutationFn: async ({ references, description, run }: CodeCheckStart) => {
      for (const [i, reference] of references.entries()) {
        const existing = await itemByReference(reference);
        let itemId: string | undefined;
        if (!existing) itemId = (await createItem({ externalReference: reference, description })).id;
        else if (sameGoodsDescription(existing.description, description)) itemId = existing.id;
        else if (i === references.length - 1) {
          await request(`/v1/classifications/items/${encodeURIComponent(existing.id)}`, {
            method: 'PATCH',
            body: JSON.stringify({ description }),
            contentType: 'application/merge-patch+json',
            schema: z.unknown(),
          });
          itemId = existing.id;
        }
        if (itemId) return { itemId, classificationId: await startRun(itemId, run) };
      }
      throw new Error('No classification item reference to file the check under.');
    },
  });
}
