import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  classificationItemSchema,
  classificationRunSchema,
  startClassificationResponseSchema,
  type ClassificationItemCreate,
  type ClassificationRun,
  type RunStatus,
  type StartClassification,
} from '../contract/classification';
import { request } from './api-client';

/**
 * A classification run as every page that starts or follows one needs it: the classification
 * item pages, "Classify a description" on the tariff and "Check this code" on a goods item.
 */

export const isRunFinished = (status: RunStatus | undefined): boolean => status === 'Completed' || status === 'Error';

/**
 * Poll delay for a run: false once it is finished; otherwise 2 s, backing off to 15 s for a
 * slow engine, so an open page does not hammer the service.
 */
export function runPollInterval(status: RunStatus | undefined, fetches: number): number | false {
  if (isRunFinished(status)) return false;
  return Math.min(15_000, 2_000 * 1.5 ** Math.max(0, fetches - 1));
}

const runPath = (itemId: string, runId: string) =>
  `/v1/classifications/items/${encodeURIComponent(itemId)}/classifications/${encodeURIComponent(runId)}`;

/** The classification feature's key of a run (under its item, so invalidating the item refreshes it). */
export const classificationRunKey = (itemId: string, runId: string) => ['classification', 'item', itemId, 'run', runId] as const;

/** A run, polled until it is Completed or Error (API-8). */
export const classificationRunQueryOptions = (itemId: string, runId: string) =>
  queryOptions({
    queryKey: classificationRunKey(itemId, runId),
    queryFn: ({ signal }): Promise<ClassificationRun> => request(runPath(itemId, runId), { schema: classificationRunSchema, signal }),
    refetchInterval: (query) => runPollInterval(query.state.data?.status, query.state.dataUpdateCount),
  });

/** Starts a run on an item. Not retried on 5xx: the run could be paid twice (API-8). */
export async function startRun(itemId: string, run: StartClassification): Promise<string> {
  const started = await request(`/v1/classifications/items/${encodeURIComponent(itemId)}/classifications`, {
    method: 'POST',
    body: run,
    schema: startClassificationResponseSchema,
    retry: 'never',
  });
  return started.classificationId;
}

/** Creates a classification item. Not retried on 5xx: the item could be created twice (API-8). */
export const createItem = (item: ClassificationItemCreate) =>
  request('/v1/classifications/items', { method: 'POST', body: item, schema: classificationItemSchema, retry: 'never' });

/** A new classification item for a description, then one run (which may also verify a code). */
export function useClassifyDescription() {
  return useMutation({
    mutationFn: async ({ item, run }: { item: ClassificationItemCreate; run: StartClassification }) => {
      const created = await createItem(item);
      return { itemId: created.id, classificationId: await startRun(created.id, run) };
    },
  });
}
