import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decisionRequestSchema } from '../../contract/classification-workbench.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation } from '../plugins/user-auth.js';
import { refreshUnfinished, type ClassificationRunsDeps } from './classification-runs.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

const WORKLIST_LIMIT = 500;
const listQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(5000).default(1000) });

/**
 * The better-suggestion worklist and the analysts' decisions on it. Assigned codes cannot be
 * changed through the service's API, so a decision is kept here, with the codes and scores taken
 * from the BFF's record of the run (never from the client).
 */
export function registerClassificationDecisionRoutes(app: FastifyInstance, deps: ClassificationRunsDeps): void {
  const { runs, decisions } = { runs: deps.store.repos.classificationRuns, decisions: deps.store.repos.classificationDecisions };

  app.get('/api/classification/worklist', async (request) => {
    requireOperation(request, 'GET /api/classification/worklist');
    await refreshUnfinished(deps, {}, request.id);
    const [better, all] = await Promise.all([runs.betterSuggestions(WORKLIST_LIMIT), decisions.list(5000)]);
    return {
      rows: better.map((run) => ({
        run,
        decision: all.find((d) => d.itemId === run.itemId && d.jurisdiction === run.jurisdiction) ?? null,
      })),
    };
  });

  app.get('/api/classification/decisions', async (request) => {
    requireOperation(request, 'GET /api/classification/decisions');
    const { limit } = listQuerySchema.parse(request.query);
    return { decisions: await decisions.list(limit) };
  });

  app.post('/api/classification/decisions', async (request, reply) => {
    const user = requireOperation(request, 'POST /api/classification/decisions');
    const body = decisionRequestSchema.parse(request.body);
    const run = await runs.get(body.runId);
    if (!run) throw new ProblemError(bffProblem(404, text('classification.noRun', { id: body.runId })));
    if (run.status !== 'Completed' || run.bestCode === null) throw new ProblemError(bffProblem(409, text('classification.notDecidable')));
    const decision = await decisions.record({
      runId: run.runId,
      itemId: run.itemId,
      itemReference: run.itemReference,
      jurisdiction: run.jurisdiction,
      assignedCode: run.assignedCode,
      assignedScore: run.assignedScore,
      proposedCode: run.bestCode,
      proposedScore: run.bestScore,
      decision: body.decision,
      comment: body.comment.trim(),
      decidedBy: { sub: user.sub, name: user.name },
      decidedAt: new Date().toISOString(),
    });
    return reply.code(201).send(decision);
  });
}
