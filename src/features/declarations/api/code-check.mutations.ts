import { queryOptions, useMutation } from '@tanstack/react-query';
import { codeCheckSchema, type CodeCheckStart } from '../../../contract/code-checks';
import { request } from '../../../lib/api-client';
import { runPollInterval } from '../../../lib/classification-run';

/**
 * "Check this code": the BFF files the goods item's description as a classification item and starts
 * one run that also verifies the declared code (POST /api/code-checks, for clerks and analysts alike).
 * Not retried on 5xx: the run could be paid twice.
 */
export function useCheckGoodsItemCode() {
  return useMutation({
    mutationFn: (start: CodeCheckStart) =>
      request('/code-checks', { method: 'POST', body: start, schema: codeCheckSchema, retry: 'never' }),
  });
}

/** A check, polled until its run is Completed or Error. */
export const codeCheckQueryOptions = (checkId: string) =>
  queryOptions({
    queryKey: ['declarations', 'code-check', checkId] as const,
    queryFn: ({ signal }) => request(`/code-checks/${encodeURIComponent(checkId)}`, { schema: codeCheckSchema, signal }),
    refetchInterval: (query) => runPollInterval(query.state.data?.status, query.state.dataUpdateCount),
  });
