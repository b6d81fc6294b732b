import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bulkRunListSchema,
  bulkRunSchema,
  declarationChangeListSchema,
  errorGroupDetailSchema,
  errorNoteListSchema,
  errorNoteSchema,
  rebuildJobSchema,
  reviewSummarySchema,
  type NewBulkRun,
  type NewErrorNote,
} from '../../../contract/review';
import { request } from '../../../lib/api-client';
import { declarationKeys } from './declarations.queries';

/** The BFF's review desk endpoints (/api/review; src/contract/review.ts). */
export const reviewKeys = {
  all: ['review'] as const,
  summary: () => [...reviewKeys.all, 'summary'] as const,
  code: (errorCode: string) => [...reviewKeys.all, 'code', errorCode] as const,
  notes: (errorCodes: readonly string[]) => [...reviewKeys.all, 'notes', [...errorCodes].sort()] as const,
  bulkRuns: () => [...reviewKeys.all, 'bulk-runs'] as const,
};

/** The BFF's own endpoints sit beside /api/v1: request() prefixes /api. */
const REVIEW = '/review';

export const reviewSummaryQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.summary(),
    queryFn: ({ signal }) => request(REVIEW, { schema: reviewSummarySchema, signal }),
    // While a build runs, its progress is polled; while the index is incomplete, the build that is due.
    refetchInterval: (query) =>
      query.state.data?.rebuild?.status === 'running' ? 1000 : query.state.data?.complete === false ? 3000 : false,
  });

export const errorGroupQueryOptions = (errorCode: string) =>
  queryOptions({
    queryKey: reviewKeys.code(errorCode),
    queryFn: ({ signal }) => request(`${REVIEW}/codes/${encodeURIComponent(errorCode)}`, { schema: errorGroupDetailSchema, signal }),
  });

export const errorNotesQueryOptions = (errorCodes: readonly string[]) =>
  queryOptions({
    queryKey: reviewKeys.notes(errorCodes),
    queryFn: ({ signal }) => request(`${REVIEW}/notes`, { query: { errorCode: [...errorCodes] }, schema: errorNoteListSchema, signal }),
    enabled: errorCodes.length > 0,
    select: (data) => data.notes,
  });

export const bulkRunsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.bulkRuns(),
    queryFn: ({ signal }) => request(`${REVIEW}/bulk-runs`, { schema: bulkRunListSchema, signal }),
    select: (data) => data.runs,
  });

export function useRebuildIndex() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(`${REVIEW}/rebuild`, { method: 'POST', schema: rebuildJobSchema, retry: 'never' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.summary() }),
  });
}

export function useAddErrorNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: NewErrorNote) => request(`${REVIEW}/notes`, { method: 'POST', body: note, schema: errorNoteSchema, retry: 'never' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reviewKeys.all, 'notes'] }),
  });
}

export function useRecordBulkRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (run: NewBulkRun) => request(`${REVIEW}/bulk-runs`, { method: 'POST', body: run, schema: bulkRunSchema, retry: 'never' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.bulkRuns() }),
  });
}

/** The header and goods item changes made through the console (below the declaration's key: a write refreshes it). */
export const declarationChangesQueryOptions = (declarationId: string) =>
  queryOptions({
    queryKey: [...declarationKeys.detail(declarationId), 'changes'] as const,
    queryFn: ({ signal }) => request('/declaration-changes', { query: { declarationId }, schema: declarationChangeListSchema, signal }),
    select: (data) => data.changes,
  });
