import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { returnOnAcceptMessageSchema } from '../../../../contract/customs-shipment';
import { ingestHistoryPageSchema, type IngestHistoryQuery } from '../../../../contract/ingest-history';
import { request } from '../../../../lib/api-client';
import { DROP_ENDPOINTS, type DetectedMessage } from '../../model/history/detect-message';

type HistoryFilter = Omit<IngestHistoryQuery, 'limit' | 'cursor'>;

export const ingestHistoryKeys = {
  all: ['ingest-history'] as const,
  list: (filter: HistoryFilter) => [...ingestHistoryKeys.all, filter] as const,
};

const PAGE_SIZE = 25;

/** GET /api/ingest-history (the BFF), newest first, one page of 25 at a time ('' = the first page). */
export const ingestHistoryQueryOptions = (filter: HistoryFilter) =>
  infiniteQueryOptions({
    queryKey: ingestHistoryKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      request('/ingest-history', {
        query: { ...filter, limit: PAGE_SIZE, cursor: pageParam || undefined },
        schema: ingestHistoryPageSchema,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A dropped file sent as it is to its message type's endpoint: 202 {referenceId}; never retried (a New sent twice would be a duplicate). */
export function useSendMessageFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, message }: { text: string; message: DetectedMessage }) =>
      request(DROP_ENDPOINTS[message.type], {
        method: 'POST',
        body: text,
        contentType: message.contentType,
        schema: returnOnAcceptMessageSchema,
        retry: 'never',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestHistoryKeys.all }),
  });
}
