import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { declarationSchema, declarationSearchResultSchema, type DeclarationSearchQueryInput } from '../../../contract/declarations';
import { ownerSearchResultSchema, type OwnerSearchResult } from '../../../contract/assignments';
import { request } from '../../../lib/api-client';
import { concurrencyLimit } from '../../../lib/concurrency-limit';

/** Query keys of the declarations feature: invalidate by prefix after writes. */
export const declarationKeys = {
  all: ['declarations'] as const,
  searches: () => [...declarationKeys.all, 'search'] as const,
  search: (query: DeclarationSearchQueryInput) => [...declarationKeys.searches(), query] as const,
  searchPage: (query: DeclarationSearchQueryInput, owner: string | undefined) =>
    [...declarationKeys.searches(), 'page', owner ?? null, query] as const,
  details: () => [...declarationKeys.all, 'detail'] as const,
  detail: (declarationId: string) => [...declarationKeys.details(), declarationId] as const,
  item: (declarationId: string, itemId: string) => [...declarationKeys.detail(declarationId), 'item', itemId] as const,
  audit: (declarationId: string) => [...declarationKeys.detail(declarationId), 'audit'] as const,
};

/** The service's query: repeatable parameters as arrays (the fetch layer repeats them). */
function toQuery(q: DeclarationSearchQueryInput): Record<string, string | number | readonly string[] | undefined> {
  const out: Record<string, string | number | readonly string[] | undefined> = {};
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.map(String);
  }
  return out;
}

/** One page of GET /v1/declarations/search (also used outside the cache: the CSV export walks every page). */
export function searchDeclarations(query: DeclarationSearchQueryInput, signal?: AbortSignal) {
  return request('/v1/declarations/search', { query: toQuery(query), schema: declarationSearchResultSchema, signal });
}

/** One page of the search narrowed to an owner (me, unassigned, a person's sub): the BFF reads the service's search for it. */
export function searchDeclarationsByOwner(
  query: DeclarationSearchQueryInput,
  owner: string,
  signal?: AbortSignal,
): Promise<OwnerSearchResult> {
  return request('/declarations/by-owner', { query: { ...toQuery(query), owner }, schema: ownerSearchResultSchema, signal });
}

/** A page of the declarations page: the service's search, or the BFF's when an owner narrows it (`complete` false: the BFF read only so far). */
export const declarationsPageQueryOptions = (query: DeclarationSearchQueryInput, owner: string | undefined) =>
  queryOptions({
    queryKey: declarationKeys.searchPage(query, owner),
    queryFn: async ({ signal }): Promise<OwnerSearchResult> =>
      owner === undefined
        ? { declarations: await searchDeclarations(query, signal), complete: true, scanned: 0 }
        : searchDeclarationsByOwner(query, owner, signal),
    placeholderData: keepPreviousData,
  });

export const declarationSearchQueryOptions = (query: DeclarationSearchQueryInput) =>
  queryOptions({
    queryKey: declarationKeys.search(query),
    queryFn: ({ signal }) => searchDeclarations(query, signal),
    placeholderData: keepPreviousData,
  });

/** The declaration with its errors and attachments: the detail page needs both. */
export const declarationQueryOptions = (declarationId: string) =>
  queryOptions({
    queryKey: declarationKeys.detail(declarationId),
    queryFn: ({ signal }) =>
      request(`/v1/declarations/${encodeURIComponent(declarationId)}`, {
        query: { include: 'errors,attachments' },
        schema: declarationSchema,
        signal,
      }),
  });

/** Three error look-ups at a time: a page of invalid declarations asks for each row's errors. */
const errorLookups = concurrencyLimit(3);

/**
 * A declaration's errors, for the search results' Errors column (the search answers only whether
 * there are any). Keyed by the declaration's lastUpdated, so a changed declaration is asked again;
 * under the detail key, so what invalidates the declaration invalidates this too.
 */
export const declarationErrorsQueryOptions = (declarationId: string, lastUpdated: string) =>
  queryOptions({
    queryKey: [...declarationKeys.detail(declarationId), 'errors', lastUpdated] as const,
    queryFn: ({ signal }) =>
      errorLookups(() =>
        request(`/v1/declarations/${encodeURIComponent(declarationId)}`, {
          query: { include: 'errors' },
          schema: declarationSchema,
          signal,
        }),
      ).then((d) => d.errors ?? []),
    staleTime: 60_000,
  });

/**
 * A temporary download URL, fetched at click time and never cached or stored
 * (specification: download URLs are temporary and must not be stored).
 */
export function fetchAttachmentUrl(declarationId: string, documentType: string, attachmentId: string): Promise<string> {
  return request(
    `/v1/declarations/${encodeURIComponent(declarationId)}/attachments/${encodeURIComponent(documentType)}/${encodeURIComponent(attachmentId)}/url`,
    { schema: z.object({ url: z.string() }) },
  ).then((r) => r.url);
}
