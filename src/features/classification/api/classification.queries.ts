import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { classificationItemSchema, classificationSearchResultSchema } from '../../../contract/classification';
import { goodsItemsOfClassificationSchema } from '../../../contract/classification-links';
import { request, type QueryValue } from '../../../lib/api-client';

/** Query keys of the classification feature: invalidate by prefix after writes. */
export const classificationKeys = {
  all: ['classification'] as const,
  searches: () => [...classificationKeys.all, 'search'] as const,
  search: (query: Record<string, QueryValue>) => [...classificationKeys.searches(), query] as const,
  items: () => [...classificationKeys.all, 'item'] as const,
  item: (itemId: string) => [...classificationKeys.items(), itemId] as const,
  image: (itemId: string, imageId: string) => [...classificationKeys.item(itemId), 'image', imageId] as const,
};

export const itemPath = (itemId: string, ...rest: string[]) =>
  `/v1/classifications/items/${[itemId, ...rest].map(encodeURIComponent).join('/')}`;

export const classificationSearchQueryOptions = (query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: classificationKeys.search(query),
    queryFn: ({ signal }) => request('/v1/classifications/items/search', { query, schema: classificationSearchResultSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const classificationItemQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: classificationKeys.item(itemId),
    queryFn: ({ signal }) => request(itemPath(itemId), { schema: classificationItemSchema, signal }),
  });

/** Image bytes need the bearer token, so they come through request() as a Blob (an <img src> cannot send it). */
export const imageBlobQueryOptions = (itemId: string, imageId: string) =>
  queryOptions({
    queryKey: classificationKeys.image(itemId, imageId),
    queryFn: ({ signal }) =>
      request(itemPath(itemId, 'images', imageId), { schema: z.instanceof(Blob), signal, headers: { accept: 'image/*, */*;q=0.8' } }),
    // Stored images never change; refetching would only churn object URLs.
    staleTime: Infinity,
  });

/** The goods items the item is about: a BFF scan of the latest declarations, so it is kept a minute. */
export const goodsItemsOfClassificationQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: [...classificationKeys.item(itemId), 'goods-items'] as const,
    queryFn: ({ signal }) =>
      request(`/classification-links/items/${encodeURIComponent(itemId)}`, { schema: goodsItemsOfClassificationSchema, signal }),
    staleTime: 60_000,
  });
