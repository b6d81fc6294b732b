import { queryOptions } from '@tanstack/react-query';
import { classificationOfGoodsItemsSchema } from '../../../contract/classification-links';
import { request } from '../../../lib/api-client';

/** Per goods item of a declaration, the classification items about it (a BFF lookup of the service's items), kept a minute. */
export const classificationOfGoodsItemsQueryOptions = (declarationId: string) =>
  queryOptions({
    queryKey: ['declarations', 'classification-links', declarationId] as const,
    queryFn: ({ signal }) =>
      request(`/classification-links/declarations/${encodeURIComponent(declarationId)}`, {
        schema: classificationOfGoodsItemsSchema,
        signal,
      }),
    staleTime: 60_000,
  });
