import { useMutation } from '@tanstack/react-query';
import {
  classificationItemSchema,
  startClassificationResponseSchema,
  type ClassificationItemCreate,
  type StartClassification,
} from '../../../contract/classification';
import { request } from '../../../lib/api-client';

/**
 * "Classify a description" from a tariff code: a new classification item for the description,
 * then one run that also verifies the code. Neither POST is retried on 5xx: the item could be
 * created twice, the run paid twice (API-8).
 */
export function useClassifyDescription() {
  return useMutation({
    mutationFn: async ({ item, run }: { item: ClassificationItemCreate; run: StartClassification }) => {
      const created = await request('/v1/classifications/items', {
        method: 'POST',
        body: item,
        schema: classificationItemSchema,
        retry: 'never',
      });
      await request(`/v1/classifications/items/${encodeURIComponent(created.id)}/classifications`, {
        method: 'POST',
        body: run,
        schema: startClassificationResponseSchema,
        retry: 'never',
      });
      return created.id;
    },
  });
}
