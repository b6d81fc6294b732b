import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mayApprove } from '../../contract/approval-policy.js';
import {
  approvalDecisionBodySchema,
  approvalListQuerySchema,
  rejectionBodySchema,
  type ApprovalRequest,
} from '../../contract/approvals.js';
import type { BffOperationKey } from '../../contract/operations.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation, type BffUser } from '../plugins/user-auth.js';
import type { AuditLogRepository } from '../store/audit-log.js';
import type { ApprovalDeps } from './approval-guard.js';
import { sendApproved } from './send-approved.js';
import { bffProblem, eitherOf, text } from '../i18n/problem-texts.js';

const idParamsSchema = z.object({ id: z.string().min(1).max(100) });
const person = (u: BffUser) => ({ sub: u.sub, name: u.name });

/** The request named in the path, or a 404. */
async function requestOf(deps: ApprovalDeps, request: FastifyRequest): Promise<ApprovalRequest> {
  const { id } = idParamsSchema.parse(request.params);
  const found = await deps.requests.get(id);
  if (!found) throw new ProblemError(bffProblem(404, text('approval.notFound', { id })));
  return found;
}

const notPending = (r: ApprovalRequest | undefined): ProblemError =>
  new ProblemError(
    bffProblem(409, text('approval.notPending', { status: r?.status ?? 'gone' }), { title: text('approval.notPendingTitle') }),
  );

/** Who may decide: never the requester (whatever their roles), and only the rule's approver roles. */
async function deciding(
  deps: ApprovalDeps,
  request: FastifyRequest,
  operation: BffOperationKey,
): Promise<{ user: BffUser; held: ApprovalRequest }> {
  const user = requireOperation(request, operation);
  const held = await requestOf(deps, request);
  if (held.requester.sub === user.sub)
    throw new ProblemError(bffProblem(403, text('approval.ownRequest'), { title: text('approval.ownRequestTitle') }));
  if (!mayApprove(held.rule, user.roles))
    throw new ProblemError(bffProblem(403, text('approval.approverRoles', { roles: eitherOf(held.rule.approverRoles) })));
  return { user, held };
}

/**
 * The approval queue (docs/approvals.md): the list, the policy in force (read-only, for
 * everyone), approve (which sends the held call once, on behalf of the requester), reject (with a
 * reason) and withdraw (by the requester).
 */
export function registerApprovalRoutes(
  app: FastifyInstance,
  deps: ApprovalDeps & { audit: AuditLogRepository; onDecided?: (request: ApprovalRequest) => Promise<void> },
): void {
  app.get('/api/approvals', async (request) => {
    const user = requireOperation(request, 'GET /api/approvals');
    const query = approvalListQuerySchema.parse(request.query);
    return { requests: await deps.requests.list(query), viewer: { sub: user.sub } };
  });

  app.get('/api/approvals/policy', async (request) => {
    requireOperation(request, 'GET /api/approvals/policy');
    return { policy: deps.policy, expiryHours: deps.expiryMs / 3_600_000 };
  });

  app.post('/api/approvals/:id/approve', async (request) => {
    const { user, held } = await deciding(deps, request, 'POST /api/approvals/{id}/approve');
    const { comment } = approvalDecisionBodySchema.parse(request.body ?? {});
    const claimed = await deps.requests.claim(held.id, person(user), comment || null);
    if (!claimed.changed) throw notPending(claimed.request);
    return { request: await sendApproved(deps, claimed.request, person(user), request) };
  });

  app.post('/api/approvals/:id/reject', async (request) => {
    const { user, held } = await deciding(deps, request, 'POST /api/approvals/{id}/reject');
    const { comment } = rejectionBodySchema.parse(request.body ?? {});
    const rejected = await deps.requests.reject(held.id, person(user), comment);
    if (!rejected.changed) throw notPending(rejected.request);
    // The decision stands whether or not the notice could be recorded.
    await deps
      .onDecided?.(rejected.request)
      .catch((e: unknown) => request.log.warn({ err: e }, 'the requester was not told of the rejection'));
    return { request: rejected.request };
  });

  app.post('/api/approvals/:id/withdraw', async (request) => {
    const user = requireOperation(request, 'POST /api/approvals/{id}/withdraw');
    const held = await requestOf(deps, request);
    if (held.requester.sub !== user.sub) throw new ProblemError(bffProblem(403, text('approval.withdrawOwn')));
    const withdrawn = await deps.requests.withdraw(held.id, person(user));
    if (!withdrawn.changed) throw notPending(withdrawn.request);
    return { request: withdrawn.request };
  });
}
