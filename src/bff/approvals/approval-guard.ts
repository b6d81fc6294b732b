import { randomUUID } from 'node:crypto';
import { declarationFacts, findGuardingRule, guardsOperation, type ApprovalPolicy } from '../../contract/approval-policy.js';
import type { ApprovalHeld } from '../../contract/approvals.js';
import { declarationSchema } from '../../contract/declarations.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { tooLarge } from '../proxy/body-handling.js';
import { ProxyAnswer, type ProxyCall, type ProxyExtension } from '../proxy/proxy-extension.js';
import type { ApprovalRequestRepository } from '../store/approval-requests.js';
import { callUpstreamJson } from '../upstream/upstream-json.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

/** Guarded calls are small action bodies (an invalidation reason): read whole, kept with the request. */
const HELD_BODY_BYTES = 64 * 1024;

export const AWAITING_APPROVAL = 'Awaiting approval by a supervisor: nothing was sent to customs yet.';

export interface ApprovalDeps {
  policy: ApprovalPolicy;
  expiryMs: number;
  upstream: UpstreamClient;
  requests: ApprovalRequestRepository;
  now?: () => Date;
}

/** `/v1/declarations/{declarationId}/...` → the declaration id, decoded (the path guard checked the encoding). */
export const declarationIdOf = (path: string): string => decodeURIComponent(path.split('/')[3] ?? '');

/** The declaration as the service has it now: the facts the rules look at. undefined: the service does not know it (it answers that itself). */
async function readDeclaration(deps: ApprovalDeps, call: ProxyCall, declarationId: string) {
  const path = `/v1/declarations/${encodeURIComponent(declarationId)}`;
  const answer = await callUpstreamJson(deps.upstream, { method: 'GET', path, requestId: call.request.id }).catch(() => undefined);
  if (answer?.status === 404) return undefined;
  const parsed = answer?.status === 200 ? declarationSchema.safeParse(answer.json) : undefined;
  if (parsed?.success) return parsed.data;
  throw new ProblemError(bffProblem(503, text('approval.unreadable')));
}

async function refuseSecondRequest(deps: ApprovalDeps, call: ProxyCall, declarationId: string): Promise<void> {
  const pending = await deps.requests.list({ declarationId, status: 'pending', limit: 50 });
  const same = pending.find((r) => r.operation === call.operation);
  if (!same) return;
  throw new ProblemError(
    bffProblem(409, text('approval.alreadyAwaiting', { name: same.requester.name, at: same.createdAt, id: same.id }), {
      title: text('approval.alreadyAwaitingTitle'),
    }),
  );
}

/**
 * Four eyes before a filing goes to customs: a write the approval policy guards is not forwarded
 * but kept as an approval request and answered 202 with its id. The facts come from the
 * declaration as the service has it, read just before; the call itself is sent later, once, by
 * whoever approves it (approval-routes.ts).
 */
export function approvalGuard(deps: ApprovalDeps): ProxyExtension {
  const now = deps.now ?? (() => new Date());
  return {
    name: 'four-eyes approval',
    appliesTo: (operation) => guardsOperation(deps.policy, operation),
    bodyBytes: HELD_BODY_BYTES,
    async before(call) {
      const declarationId = declarationIdOf(call.path);
      const declaration = await readDeclaration(deps, call, declarationId);
      if (!declaration) return;
      const match = findGuardingRule(deps.policy, call.operation, declarationFacts(declaration));
      if (!match) return;
      if (call.body !== undefined && !Buffer.isBuffer(call.body)) throw tooLarge();
      await refuseSecondRequest(deps, call, declarationId);
      const created = now();
      const contentType = call.request.headers['content-type'] ?? null;
      const request = await deps.requests.create({
        id: randomUUID(),
        operation: call.operation,
        declarationId,
        method: call.method,
        target: call.target,
        path: call.path,
        contentType: call.body?.length ? contentType : null,
        body: call.body?.length ? call.body.toString('utf8') : null,
        requester: { sub: call.user.sub, name: call.user.name, roles: call.user.roles },
        createdAt: created.toISOString(),
        expiresAt: new Date(created.getTime() + deps.expiryMs).toISOString(),
        rule: { index: match.ruleIndex, description: match.rule.description ?? null, approverRoles: match.rule.approverRoles },
        facts: match.facts,
      });
      const held: ApprovalHeld = {
        approvalRequestId: request.id,
        status: 'pending',
        operation: request.operation,
        declarationId,
        expiresAt: request.expiresAt,
        detail: AWAITING_APPROVAL,
      };
      throw new ProxyAnswer(202, held);
    },
  };
}
