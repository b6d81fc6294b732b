import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { classificationRunSchema, type RunStatus } from '../../contract/classification.js';
import { summariseResult, type RecordedRun } from '../../contract/classification-workbench.js';
import { requireOperation } from '../plugins/user-auth.js';
import type { BffStore } from '../store/bff-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { callUpstreamJson } from '../upstream/upstream-json.js';

/** Unfinished runs refreshed from the service per listing (each is one upstream call). */
const REFRESH_PER_LISTING = 20;

export interface ClassificationRunsDeps {
  upstream: UpstreamClient;
  store: BffStore;
}

const runsQuerySchema = z.object({ itemId: z.string().min(1).max(200), limit: z.coerce.number().int().min(1).max(500).default(100) });

const runPath = (run: Pick<RecordedRun, 'itemId' | 'runId'>) =>
  `/v1/classifications/items/${encodeURIComponent(run.itemId)}/classifications/${encodeURIComponent(run.runId)}`;

/**
 * Asks the service where a recorded run stands and keeps the answer (with the result summary once
 * Completed). Returns the status now known, or undefined when the service could not say.
 */
export async function refreshRun(deps: ClassificationRunsDeps, run: RecordedRun, requestId: string): Promise<RunStatus | undefined> {
  let answer;
  try {
    answer = await callUpstreamJson(deps.upstream, { method: 'GET', path: runPath(run), requestId });
  } catch {
    return undefined;
  }
  const now = new Date().toISOString();
  if (answer.status === 404) {
    // The item (and its runs) was deleted: the run can never finish.
    await deps.store.repos.classificationRuns.update(run.runId, 'Error', undefined, now);
    return 'Error';
  }
  const parsed = classificationRunSchema.safeParse(answer.json);
  if (answer.status !== 200 || !parsed.success) return undefined;
  const { status, result } = parsed.data;
  if (status !== run.status || (status === 'Completed' && run.bestCode === null && result)) {
    await deps.store.repos.classificationRuns.update(
      run.runId,
      status,
      status === 'Completed' && result ? summariseResult(result, run.assignedCode) : undefined,
      now,
    );
  }
  return status;
}

/** Brings the recorded status of unfinished runs up to date before they are listed. */
export async function refreshUnfinished(deps: ClassificationRunsDeps, filter: { itemId?: string }, requestId: string): Promise<void> {
  const unfinished = await deps.store.repos.classificationRuns.unfinished(filter, REFRESH_PER_LISTING);
  await Promise.all(unfinished.map((run) => refreshRun(deps, run, requestId)));
}

/**
 * GET /api/classification/runs: the runs the BFF recorded for an item (the service keeps no list).
 * Runs are started through the proxy; its run-start lock records them.
 */
export function registerClassificationRunRoutes(app: FastifyInstance, deps: ClassificationRunsDeps): void {
  const { store } = deps;

  app.get('/api/classification/runs', async (request) => {
    requireOperation(request, 'GET /api/classification/runs');
    const query = runsQuerySchema.parse(request.query);
    await refreshUnfinished(deps, { itemId: query.itemId }, request.id);
    return { runs: await store.repos.classificationRuns.listForItem(query.itemId, query.limit) };
  });
}
