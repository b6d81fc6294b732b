import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  errorCodeParamSchema,
  errorNotesQuerySchema,
  newBulkRunSchema,
  newErrorNoteSchema,
  type ReviewSummary,
} from '../../contract/review.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation } from '../plugins/user-auth.js';
import type { ErrorIndexer } from '../review/error-indexer.js';
import type { BffRepos } from '../store/bff-store.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

const BULK_RUNS_SHOWN = 10;

/**
 * The review desk's endpoints (src/contract/review.ts): the error index grouped by code, its
 * rebuild, team notes per code and the recorded bulk runs.
 */
export function registerReviewRoutes(
  app: FastifyInstance,
  deps: { repos: Pick<BffRepos, 'errorIndex' | 'errorNotes' | 'bulkRuns' | 'declarationChanges'>; indexer: ErrorIndexer },
): void {
  const { errorIndex, errorNotes, bulkRuns, declarationChanges } = deps.repos;

  app.get('/api/review', async (request, reply): Promise<ReviewSummary> => {
    requireOperation(request, 'GET /api/review');
    reply.header('cache-control', 'no-store');
    const [groups, declarations, rebuild, complete] = await Promise.all([
      errorIndex.groups(),
      errorIndex.declarationCount(),
      errorIndex.latestRebuild(),
      errorIndex.isComplete(),
    ]);
    return { groups, declarations, rebuild, complete };
  });

  app.get('/api/review/codes/:errorCode', async (request, reply) => {
    requireOperation(request, 'GET /api/review/codes/{errorCode}');
    const { errorCode } = z.object({ errorCode: errorCodeParamSchema }).parse(request.params);
    reply.header('cache-control', 'no-store');
    return { errorCode, declarations: await errorIndex.declarationsWith(errorCode) };
  });

  app.post('/api/review/rebuild', async (request, reply) => {
    const user = requireOperation(request, 'POST /api/review/rebuild');
    const job = await deps.indexer.startRebuild(user.name);
    if (!job) throw new ProblemError(bffProblem(409, text('review.rebuildRunning')));
    return reply.code(202).send(job);
  });

  app.get('/api/review/notes', async (request, reply) => {
    requireOperation(request, 'GET /api/review/notes');
    const { errorCode } = errorNotesQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return { notes: await errorNotes.forCodes(errorCode) };
  });

  app.post('/api/review/notes', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const user = requireOperation(request, 'POST /api/review/notes');
    const note = newErrorNoteSchema.parse(request.body);
    return reply.code(201).send(await errorNotes.add({ ...note, authorSub: user.sub, authorName: user.name }));
  });

  app.get('/api/declaration-changes', async (request, reply) => {
    requireOperation(request, 'GET /api/declaration-changes');
    const query = z
      .object({ declarationId: z.string().min(1).max(200), limit: z.coerce.number().int().min(1).max(200).default(50) })
      .parse(request.query);
    reply.header('cache-control', 'no-store');
    return { changes: await declarationChanges.forDeclaration(query.declarationId, query.limit) };
  });

  app.get('/api/review/bulk-runs', async (request, reply) => {
    requireOperation(request, 'GET /api/review/bulk-runs');
    reply.header('cache-control', 'no-store');
    return { runs: await bulkRuns.latest(BULK_RUNS_SHOWN) };
  });

  app.post('/api/review/bulk-runs', { bodyLimit: 512 * 1024 }, async (request, reply) => {
    const user = requireOperation(request, 'POST /api/review/bulk-runs');
    const run = newBulkRunSchema.parse(request.body);
    return reply.code(201).send(await bulkRuns.record(run, user));
  });
}
