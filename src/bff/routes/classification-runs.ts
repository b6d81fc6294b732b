import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { classificationItemSchema, classificationRunSchema, jurisdictionSchema, startClassificationResponseSchema, type RunStatus } from '../../contract/classification.js';
import { summariseResult, type RecordedRun } from '../../contract/classification-workbench.js';
import type { OperationKey } from '../../contract/operations.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation } from '../plugins/user-auth.js';
import { LockBusyError } from '../store/advisory-locks.js';
import type { AuditLogRepository } from '../store/audit-log.js';
import type { BffStore } from '../store/bff-store.js';
import { responseHeadersFor, type UpstreamClient } from '../upstream/upstream-client.js';
import { callUpstreamJson } from '../upstream/upstream-json.js';

const START: OperationKey = 'POST /v1/classifications/items/{itemId}/classifications';
const UNFINISHED = new Set<RunStatus>(['Pending', 'Processing']);
/** How long a start waits for another replica's start to finish before giving up. */
const START_LOCK_WAIT_MS = 15_000;
/** Unfinished runs refreshed from the service per listing (each is one upstream call). */
const REFRESH_PER_LISTING = 20;

export interface ClassificationRunsDeps {
  upstream: UpstreamClient;
  store: BffStore;
  audit: AuditLogRepository;
}

const itemParamsSchema = z.object({ itemId: z.string().min(1).max(200) });
/** Only the jurisdiction is read here; the service validates the whole body and answers 400 itself. */
const startBodySchema = z.looseObject({ jurisdiction: jurisdictionSchema });
const runsQuerySchema = z.object({ itemId: z.string().min(1).max(200), limit: z.coerce.number().int().min(1).max(500).default(100) });

const runPath = (run: Pick<RecordedRun, 'itemId' | 'runId'>) => `/v1/classifications/items/${encodeURIComponent(run.itemId)}/classifications/${encodeURIComponent(run.runId)}`;

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
    await deps.store.repos.classificationRuns.update(run.runId, status, status === 'Completed' && result ? summariseResult(result, run.assignedCode) : undefined, now);
  }
  return status;
}

/** Brings the recorded status of unfinished runs up to date before they are listed. */
export async function refreshUnfinished(deps: ClassificationRunsDeps, filter: { itemId?: string }, requestId: string): Promise<void> {
  const unfinished = await deps.store.repos.classificationRuns.unfinished(filter, REFRESH_PER_LISTING);
  await Promise.all(unfinished.map((run) => refreshRun(deps, run, requestId)));
}

/**
 * The service's run start, taken over from the proxy (same URL, so clients need no change): one
 * run at a time per item and jurisdiction, recorded for the team. Under a deployment-wide lock the
 * BFF checks its record of runs still Pending or Processing with the service, refuses with 409
 * while one is, otherwise starts the run and records it before answering.
 */
export function registerClassificationRunRoutes(app: FastifyInstance, deps: ClassificationRunsDeps): void {
  const { store, audit, upstream } = deps;

  app.post('/api/v1/classifications/items/:itemId/classifications', async (request, reply) => {
    const user = requireOperation(request, START);
    const { itemId } = itemParamsSchema.parse(request.params);
    const itemPath = `/v1/classifications/items/${encodeURIComponent(itemId)}`;
    const path = `${itemPath}/classifications`;
    const jurisdiction = startBodySchema.safeParse(request.body).data?.jurisdiction;

    const auditStart = (upstreamStatus: number | null, referenceId: string | null) =>
      audit
        .record({ time: new Date().toISOString(), sub: user.sub, name: user.name, role: user.roles.join(' '), method: 'POST', path, operation: START, upstreamStatus, referenceId, requestId: request.id })
        .catch((e: unknown) => request.log.error({ err: e }, 'audit write failed'));

    const start = async () => {
      if (jurisdiction) {
        for (const run of await store.repos.classificationRuns.unfinished({ itemId, jurisdiction }, 10)) {
          const status = await refreshRun(deps, run, request.id);
          if (status === undefined) throw new ProblemError({ status: 503, detail: `Could not check whether the ${jurisdiction} run ${run.runId} is still running; no run was started. Try again shortly.` });
          if (UNFINISHED.has(status)) {
            throw new ProblemError({
              status: 409,
              title: 'A run is already in progress',
              detail: `A ${jurisdiction} run of this item is still ${status} (started ${run.startedAt} by ${run.startedBy.name}); no run was started and no credit was used.`,
            });
          }
        }
      }
      const answer = await callUpstreamJson(upstream, { method: 'POST', path, requestId: request.id, body: request.body });
      const accepted = startClassificationResponseSchema.safeParse(answer.json);
      if (answer.status === 202 && accepted.success && jurisdiction) {
        // Assigned codes never change after creation, so the one read now is the one the run is compared with.
        const item = await callUpstreamJson(upstream, { method: 'GET', path: itemPath, requestId: request.id }).catch(() => undefined);
        const parsedItem = classificationItemSchema.safeParse(item?.json);
        const code = z.looseObject({ code: z.string() }).safeParse(request.body).data?.code ?? null;
        await store.repos.classificationRuns.record({
          runId: accepted.data.classificationId,
          itemId,
          itemReference: parsedItem.data?.externalReference ?? null,
          jurisdiction,
          code,
          assignedCode: parsedItem.data?.assignedClassifications.find((a) => a.jurisdiction === jurisdiction)?.code ?? null,
          startedBy: { sub: user.sub, name: user.name },
          startedAt: new Date().toISOString(),
        });
      }
      return answer;
    };

    let answer;
    try {
      answer = await store.exclusively('classificationRunStart', start, { waitMs: START_LOCK_WAIT_MS });
    } catch (e) {
      if (e instanceof LockBusyError) throw new ProblemError({ status: 503, detail: 'Another run start is still being processed; try again shortly.' });
      if (e instanceof ProblemError) throw e;
      await auditStart(null, null);
      request.log.error({ err: e }, 'classification run start failed');
      throw new ProblemError({ status: 502, detail: 'The customs service could not be reached.' });
    }
    await auditStart(answer.status, startClassificationResponseSchema.safeParse(answer.json).data?.classificationId ?? null);
    if (answer.status === 401) throw new ProblemError({ status: 502, detail: 'The customs service refused the console’s service credentials.' });
    return reply.code(answer.status).headers(responseHeadersFor(answer.headers)).send(answer.raw);
  });

  app.get('/api/classification/runs', async (request) => {
    requireOperation(request, 'GET /api/classification/runs');
    const query = runsQuerySchema.parse(request.query);
    await refreshUnfinished(deps, { itemId: query.itemId }, request.id);
    return { runs: await store.repos.classificationRuns.listForItem(query.itemId, query.limit) };
  });
}
