import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  normaliseCode,
  startClassificationSchema,
  zodErrorsMap,
  type ClassificationResult,
  type Jurisdiction,
} from '../../contract/classification.js';
import { getClassifier, type Evidence } from '../classifier/engine.js';
import type { SandboxContext } from '../context.js';
import { parseItemId } from './item-routes.js';
import { notFound } from '../../server-kit/http/problem.js';
import { classificationProblem, validationProblem } from './problem.js';
import type { ImageEvidence, StoredItem, StoredRun } from '../store/classification/classification-records.js';
import { runResponse } from './responses.js';
import { defineJob } from '../worker/job-definition.js';

/** What classification runs uses of the sandbox's context: the signature says what it depends on. */
type RunDeps = Pick<SandboxContext, 'jobs' | 'log' | 'now' | 'store'>;

/** Job kind of a classification run on the persisted queue. */
export const runJob = defineJob('classification.run', z.object({ runId: z.string() }));

/** Runs at a time (the engine is CPU-bound and synchronous; two cores). */
const RUN_CONCURRENCY = 2;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the engine is given besides the description: image file names (one per PDF) and PDF page text. */
export function evidenceFor(images: ImageEvidence[]): Evidence[] {
  const out: Evidence[] = [];
  const names = new Set<string>();
  for (const img of images) {
    const base = img.fileName.replace(/\s*\(page \d+\)$/i, '');
    if (!names.has(base)) {
      names.add(base);
      out.push({ kind: 'fileName', text: img.fileName, label: img.fileName });
    }
    if (img.pageText) out.push({ kind: 'pdfText', text: img.pageText, label: img.fileName });
  }
  return out;
}

/** Classifies one run: the engine result and whether it beats the item's assigned code. */
export function classifyRun(item: StoredItem, run: StoredRun, evidence: Evidence[]): { result: ClassificationResult; better: boolean } {
  const assigned = item.assigned.find((a) => a.jurisdiction === run.jurisdiction);
  const out = getClassifier().classify({
    jurisdiction: run.jurisdiction,
    description: item.description ?? '',
    evidence,
    ...(run.code !== null ? { code: run.code } : {}),
    ...(assigned ? { assignedCode: normaliseCode(assigned.code) } : {}),
  });
  const result: ClassificationResult = {
    notes: out.notes,
    options: out.options.map((o) => ({ code: o.code, score: o.score, explanation: o.explanation })),
    rulingReferences: out.rulingReferences.map((r) => ({ commodityCode: r.commodityCode, url: r.url, text: r.text })),
  };
  return { result, better: out.hasBetterSuggestion };
}

/**
 * The background side of a run: Pending -> Processing -> Completed or Error. At-least-once (the
 * queue re-queues running jobs at restart), so a finished run is left alone.
 */
export function registerRunWorker(ctx: RunDeps): void {
  const items = ctx.store.repos.classification;
  ctx.jobs.register(
    runJob,
    async ({ runId }) => {
      const run = await items.getRunById(runId);
      if (!run || run.status === 'Completed' || run.status === 'Error') return;
      await items.markProcessing(runId, ctx.now().getTime());
      const item = await items.getItemById(run.itemId);
      if (!item) return; // deleted meanwhile; its runs went with it
      const evidence = evidenceFor(await items.imageEvidence(item.id));
      if (!item.description?.trim() && evidence.length === 0) {
        await items.failRun(
          runId,
          'classification_failed',
          'The item has no description and no images to classify; add a description.',
          ctx.now().getTime(),
        );
        return;
      }
      // Engine failures end the run in Error; database errors are left to the queue, which retries the job.
      let outcome: { result: ClassificationResult; better: boolean };
      try {
        outcome = classifyRun(item, run, evidence);
      } catch (err) {
        ctx.log.error({ err, runId }, 'classification run failed');
        await items.failRun(
          runId,
          'classification_failed',
          `The classification engine failed: ${err instanceof Error ? err.message : String(err)}`,
          ctx.now().getTime(),
        );
        return;
      }
      await items.completeRun(run, outcome.result, outcome.better, ctx.now().getTime());
    },
    RUN_CONCURRENCY,
  );
}

export function registerRunRoutes(app: FastifyInstance, ctx: RunDeps): void {
  const items = ctx.store.repos.classification;
  const loadItem = async (request: FastifyRequest, rawId: string): Promise<StoredItem> => {
    const item = await items.getItem(request.principal.tenantId, parseItemId(rawId));
    if (!item) throw notFound(`No classification item ${rawId}.`);
    return item;
  };

  app.post<{ Params: { itemId: string } }>(
    '/v1/classifications/items/:itemId/classifications',
    { config: { scope: 'create:classifications', classification: true } },
    async (request, reply) => {
      const item = await loadItem(request, request.params.itemId);
      const body = request.body;
      if (!isRecord(body)) throw validationProblem({ body: ['The body must be a JSON object {jurisdiction, code?}.'] });
      const parsed = startClassificationSchema.safeParse(body);
      const errors = parsed.success ? {} : zodErrorsMap(parsed.error);
      const enabled: readonly Jurisdiction[] = (await ctx.store.repos.tenants.get(item.tenantId))?.classificationJurisdictions ?? [];
      if (parsed.success && !enabled.includes(parsed.data.jurisdiction)) {
        errors.jurisdiction = [
          `Jurisdiction ${parsed.data.jurisdiction} is not enabled for this tenant (enabled: ${enabled.join(', ') || 'none'}).`,
        ];
      }
      if (!parsed.success || Object.keys(errors).length) throw validationProblem(errors);
      const { jurisdiction, code } = parsed.data;

      // One credit per run: the guarded UPDATE, the run and its job commit together or not at all.
      const runId = await ctx.store.transaction(async (tx) => {
        if (!(await tx.tenants.takeCredit(item.tenantId))) return undefined;
        const id = await tx.classification.insertRun(
          item.id,
          jurisdiction,
          code === undefined ? null : normaliseCode(code),
          ctx.now().getTime(),
        );
        await ctx.jobs.enqueueIn(tx, runJob, { runId: id });
        return id;
      });
      if (!runId) throw classificationProblem(402, 'Classification credits are depleted; no run was started.');
      return reply.code(202).send({ classificationId: runId, itemId: item.id, status: 'Pending' });
    },
  );

  app.get<{ Params: { itemId: string; classificationId: string } }>(
    '/v1/classifications/items/:itemId/classifications/:classificationId',
    { config: { scope: 'read:classifications', classification: true } },
    async (request) => {
      const item = await loadItem(request, request.params.itemId);
      const run = await items.getRun(item.tenantId, item.id, request.params.classificationId.toLowerCase());
      if (!run) throw notFound(`No classification run ${request.params.classificationId} on item ${item.id}.`);
      return runResponse(run);
    },
  );
}
