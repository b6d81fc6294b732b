import { queryOptions } from '@tanstack/react-query';
import { tariffCodeReadingSchema, tariffSearchResultSchema, tariffTreeSchema } from '../contract/tariff';
import { request } from './api-client';

/**
 * The BFF's tariff help (docs/tariff.md): shared by every field where a commodity code is typed
 * and by the tariff pages. The shipped nomenclature does not change while the console runs, so
 * answers stay fresh for the session.
 */
const tariffKeys = {
  all: ['tariff'] as const,
  code: (code: string) => [...tariffKeys.all, 'code', code] as const,
  search: (q: string, limit: number) => [...tariffKeys.all, 'search', q, limit] as const,
  tree: (parent: string | undefined) => [...tariffKeys.all, 'tree', parent ?? ''] as const,
};

export const tariffCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: tariffKeys.code(code),
    queryFn: ({ signal }) => request(`/tariff/codes/${encodeURIComponent(code)}`, { schema: tariffCodeReadingSchema, signal }),
    staleTime: Infinity,
  });

export const tariffSearchQueryOptions = (q: string, limit = 10) =>
  queryOptions({
    queryKey: tariffKeys.search(q, limit),
    queryFn: ({ signal }) => request('/tariff/search', { query: { q, limit }, schema: tariffSearchResultSchema, signal }),
    staleTime: Infinity,
  });

export const tariffTreeQueryOptions = (parent: string | undefined) =>
  queryOptions({
    queryKey: tariffKeys.tree(parent),
    queryFn: ({ signal }) => request('/tariff/tree', { query: { parent }, schema: tariffTreeSchema, signal }),
    staleTime: Infinity,
  });
