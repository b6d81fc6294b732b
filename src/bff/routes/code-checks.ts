import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { splitSpaced, authorizationStatusSchema } from '../../contract/authorization-status.js';
import {
  classificationItemSchema,
  classificationRunSchema,
  classificationSearchResultSchema,
  startClassificationResponseSchema,
  type Jurisdiction,
} from '../../contract/classification.js';
import { sameGoodsDescription } from '../../contract/classification-links.js';
import {
  checkItemReferences,
  classificationJurisdictionOf,
  codeCheckIdParamSchema,
  codeCheckStartSchema,
  codeCheckVerdict,
  type CodeCheck,
} from '../../contract/code-checks.js';
import { declarationSchema } from '../../contract/declarations.js';
import { problemSchema } from '../../contract/problem.js';
import { normaliseCommodityCode } from '../../contract/tariff.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { enterLock, refuseWhileRunning } from '../proxy/extensions/run-start-lock.js';
import { requireOperation, userOf, type BffUser } from '../plugins/user-auth.js';
import type { AuditLogRepository } from '../store/audit-log.js';
import type { ClassificationRunsDeps } from './classification-runs.js';
import { callUpstreamJson, type UpstreamJsonAnswer } from '../upstream/upstream-json.js';
import { bffProblem, text, type ProblemKey } from '../i18n/problem-texts.js';

const ITEMS = '/v1/classifications/items';
const itemPath = (itemId: string) => `${ITEMS}/${encodeURIComponent(itemId)}`;
const CHECK_OPERATION = 'POST /api/code-checks';

/** A refusal the service answered (the audit records its status as the service's answer). */
class ServiceRefusal extends ProblemError {
  constructor(
    readonly upstreamStatus: number,
    init: ConstructorParameters<typeof ProblemError>[0],
  ) {
    super(init);
  }
}

/** The service's refusal passed on as the BFF's problem (its status and words), so the user reads why. */
function refusal(answer: UpstreamJsonAnswer, what: ProblemKey): ProblemError {
  const problem = problemSchema.safeParse(answer.json).data;
  const status = answer.status >= 400 && answer.status < 600 ? answer.status : 502;
  const said = problem?.detail ?? problem?.title ?? text('codeCheck.serviceAnswered', { status: answer.status });
  return new ServiceRefusal(answer.status, {
    ...bffProblem(status, text('codeCheck.refusal', { what: text(what), said })),
    title: problem?.title,
  });
}

/**
 * The classification item to file the check under: the first reference that is free or already
 * describes the same goods; the last (the console's own for this goods item) has its description
 * brought up to date. References are unique in the tenant.
 */
async function fileItem(deps: ClassificationRunsDeps, references: readonly string[], description: string, requestId: string) {
  const call = (method: string, path: string, body?: unknown) => callUpstreamJson(deps.upstream, { method, path, requestId, body });
  for (const [i, reference] of references.entries()) {
    const search = await call('GET', `${ITEMS}/search?externalReference=${encodeURIComponent(reference)}&limit=10`);
    if (search.status !== 200) throw refusal(search, 'codeCheck.searchFailed');
    const existing = classificationSearchResultSchema.parse(search.json).data.find((d) => d.externalReference === reference);
    if (!existing) {
      const created = await call('POST', ITEMS, { externalReference: reference, description });
      if (created.status !== 201 && created.status !== 200) throw refusal(created, 'codeCheck.fileFailed');
      return classificationItemSchema.parse(created.json).id;
    }
    if (sameGoodsDescription(existing.description, description)) return existing.id;
    if (i === references.length - 1) {
      const patched = await call('PATCH', itemPath(existing.id), { description });
      if (patched.status !== 200) throw refusal(patched, 'codeCheck.updateFailed');
      return existing.id;
    }
  }
  throw new ProblemError(bffProblem(409, text('codeCheck.noReference')));
}

/** Refuses (403) unless the tenant's service access includes starting classification runs. */
async function requireClassificationScope(deps: ClassificationRunsDeps, requestId: string): Promise<void> {
  const answer = await callUpstreamJson(deps.upstream, { method: 'GET', path: '/v1/authorizationStatus', requestId });
  const status = authorizationStatusSchema.safeParse(answer.json);
  if (answer.status !== 200 || !status.success) throw refusal(answer, 'codeCheck.accessUnread');
  if (!splitSpaced(status.data.scopes).includes('create:classifications'))
    throw new ProblemError(bffProblem(403, text('codeCheck.noScope'), { title: text('codeCheck.noScopeTitle') }));
}

/** The goods item's references and the classification jurisdiction, read from the declaration. */
async function goodsItemOf(deps: ClassificationRunsDeps, declarationId: string, sequenceNumber: number, requestId: string) {
  const answer = await callUpstreamJson(deps.upstream, {
    method: 'GET',
    path: `/v1/declarations/${encodeURIComponent(declarationId)}`,
    requestId,
  });
  if (answer.status === 404) throw new ProblemError(bffProblem(404, text('declaration.none', { id: declarationId })));
  if (answer.status !== 200) throw refusal(answer, 'codeCheck.declarationUnread');
  const declaration = declarationSchema.parse(answer.json);
  const goods = declaration.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.find(
    (g) => g.sequenceNumber === sequenceNumber,
  );
  if (!goods) throw new ProblemError(bffProblem(404, text('declaration.noGoodsItem', { lrn: declaration.lrn, sequence: sequenceNumber })));
  const articleId = typeof goods.commodity?.itemId === 'string' ? goods.commodity.itemId : undefined;
  return {
    references: checkItemReferences(declaration.lrn, sequenceNumber, articleId),
    jurisdiction: classificationJurisdictionOf(declaration.jurisdiction),
  };
}

/** One run on the item under the deployment-wide run-start lock (one at a time per item and jurisdiction), recorded for the team. */
async function startRun(
  deps: ClassificationRunsDeps,
  user: BffUser,
  start: { itemId: string; jurisdiction: Jurisdiction; code: string | null },
  reference: string,
  requestId: string,
): Promise<string> {
  const release = await enterLock(deps.store);
  try {
    await refuseWhileRunning(deps, start, requestId);
    const body = start.code ? { jurisdiction: start.jurisdiction, code: start.code } : { jurisdiction: start.jurisdiction };
    const answer = await callUpstreamJson(deps.upstream, {
      method: 'POST',
      path: `${itemPath(start.itemId)}/classifications`,
      requestId,
      body,
    });
    if (answer.status !== 202) throw refusal(answer, 'codeCheck.runNotStarted');
    const { classificationId } = startClassificationResponseSchema.parse(answer.json);
    await deps.store.repos.classificationRuns.record({
      runId: classificationId,
      itemId: start.itemId,
      itemReference: reference,
      jurisdiction: start.jurisdiction,
      code: start.code,
      assignedCode: null,
      startedBy: { sub: user.sub, name: user.name },
      startedAt: new Date().toISOString(),
    });
    return classificationId;
  } finally {
    await release();
  }
}

/** Where a check stands: the run as the service has it, with the verdict once Completed. */
async function checkOf(deps: ClassificationRunsDeps, itemId: string, runId: string, requestId: string): Promise<CodeCheck> {
  const answer = await callUpstreamJson(deps.upstream, {
    method: 'GET',
    path: `${itemPath(itemId)}/classifications/${encodeURIComponent(runId)}`,
    requestId,
  });
  if (answer.status === 404) throw new ProblemError(bffProblem(404, text('codeCheck.itemDeleted', { id: runId })));
  if (answer.status !== 200) throw refusal(answer, 'codeCheck.checkUnread');
  const run = classificationRunSchema.parse(answer.json);
  const code = normaliseCommodityCode(run.code ?? '');
  return {
    checkId: run.classificationId,
    itemId: run.itemId,
    jurisdiction: run.jurisdiction ?? 'EU',
    code,
    status: run.status,
    message: run.message ?? null,
    verdict: run.status === 'Completed' && run.result ? codeCheckVerdict(code, run.result) : null,
  };
}

const intentOf = (request: FastifyRequest, user: BffUser) => ({
  time: new Date().toISOString(),
  sub: user.sub,
  name: user.name,
  role: user.roles.join(' '),
  method: 'POST',
  path: '/api/code-checks',
  operation: CHECK_OPERATION,
  requestId: request.id,
});

/**
 * "Check this code" for everyone who edits goods items: the BFF does with its service token what
 * only analysts may do through the proxy (file the description, start one run), audited as the
 * user (intent first, then the outcome), and only when the tenant's access allows it.
 */
export function registerCodeCheckRoutes(app: FastifyInstance, deps: ClassificationRunsDeps & { audit: AuditLogRepository }): void {
  app.post('/api/code-checks', async (request, reply): Promise<CodeCheck> => {
    // Audited from the start, like a proxied write: a check refused for the role or the body is recorded too.
    const user = userOf(request);
    const auditId = await deps.audit.begin(intentOf(request, user)).catch((e: unknown) => {
      request.log.error({ err: e }, 'audit write failed');
      return undefined;
    });
    let runId: string | null = null;
    let status = 500;
    let upstreamStatus: number | null = null;
    try {
      requireOperation(request, CHECK_OPERATION);
      const body = codeCheckStartSchema.parse(request.body);
      await requireClassificationScope(deps, request.id);
      const { references, jurisdiction } = await goodsItemOf(deps, body.declarationId, body.sequenceNumber, request.id);
      const itemId = await fileItem(deps, references, body.description, request.id);
      const code = normaliseCommodityCode(body.code);
      const verifiable = /^\d{8}(\d{2})?$/.test(code) ? code : null;
      runId = await startRun(deps, user, { itemId, jurisdiction, code: verifiable }, references.at(-1) ?? '', request.id);
      status = 202;
      reply.code(202);
      return await checkOf(deps, itemId, runId, request.id);
    } catch (e) {
      if (e instanceof ProblemError) status = e.init.status;
      else if (e instanceof ZodError) status = 400;
      if (e instanceof ServiceRefusal) upstreamStatus = e.upstreamStatus;
      throw e;
    } finally {
      if (auditId !== undefined)
        await deps.audit
          .complete(auditId, {
            time: new Date().toISOString(),
            outcome: runId || upstreamStatus !== null ? 'answered' : 'refused',
            upstreamStatus: runId ? 202 : upstreamStatus,
            referenceId: runId,
            status,
          })
          .catch((e: unknown) => request.log.error({ err: e }, 'audit write failed'));
    }
  });

  app.get('/api/code-checks/:checkId', async (request): Promise<CodeCheck> => {
    const user = requireOperation(request, 'GET /api/code-checks/{checkId}');
    const { checkId } = codeCheckIdParamSchema.parse(request.params);
    const recorded = await deps.store.repos.classificationRuns.get(checkId);
    // A check is read by whoever started it; analysts read every run anyway.
    const mayRead = recorded && (recorded.startedBy.sub === user.sub || user.roles.includes('analyst'));
    if (!mayRead) throw new ProblemError(bffProblem(404, text('codeCheck.none', { id: checkId })));
    return checkOf(deps, recorded.itemId, recorded.runId, request.id);
  });
}
