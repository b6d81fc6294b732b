import { queryOptions } from '@tanstack/react-query';
import { recordedRunListSchema, worklistSchema } from '../../../contract/classification-workbench';
import { request } from '../../../lib/api-client';
import { classificationKeys } from './classification.queries';

/**
 * The BFF's own classification records (/api/classification/*, beside the proxied /api/v1): the
 * runs started through the console, the better-suggestion worklist and the analysts' decisions.
 */
export const workbenchKeys = {
  runsOfItem: (itemId: string) => [...classificationKeys.item(itemId), 'recorded-runs'] as const,
  worklist: () => [...classificationKeys.all, 'worklist'] as const,
  decisions: () => [...classificationKeys.all, 'decisions'] as const,
};

/** While a listed run is unfinished the list is asked again: the BFF refreshes its status from the service. */
const UNFINISHED_POLL_MS = 3_000;

export const recordedRunsQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: workbenchKeys.runsOfItem(itemId),
    queryFn: ({ signal }) =>
      request('/classification/runs', { query: { itemId }, schema: recordedRunListSchema, signal }).then((r) => r.runs),
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.status === 'Pending' || r.status === 'Processing') ? UNFINISHED_POLL_MS : false,
  });

export const worklistQueryOptions = () =>
  queryOptions({
    queryKey: workbenchKeys.worklist(),
    queryFn: ({ signal }) => request('/classification/worklist', { schema: worklistSchema, signal }).then((r) => r.rows),
  });
