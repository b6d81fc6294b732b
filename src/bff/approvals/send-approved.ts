import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { ApprovalPerson, ApprovalRequest } from '../../contract/approvals.js';
import { readUpTo } from '../proxy/body-handling.js';
import type { AuditLogRepository } from '../store/audit-log.js';
import type { SendingOutcome } from '../store/approval-requests.js';
import type { ApprovalDeps } from './approval-guard.js';

/** The service's answers to actions are small JSON documents. */
const ANSWER_BYTES = 64 * 1024;
const answerSchema = z.looseObject({
  referenceId: z.string().max(200).optional(),
  detail: z.string().optional(),
  title: z.string().optional(),
});

async function outcomeOf(response: IncomingMessage): Promise<SendingOutcome> {
  const status = response.statusCode ?? 502;
  const { head, rest } = await readUpTo(response, ANSWER_BYTES);
  rest?.resume();
  let parsed: z.infer<typeof answerSchema> | undefined;
  try {
    parsed = answerSchema.safeParse(JSON.parse(head.toString('utf8'))).data;
  } catch {
    parsed = undefined;
  }
  const ok = status >= 200 && status < 300;
  return {
    status: ok ? 'sent' : 'failed',
    upstreamStatus: status,
    referenceId: parsed?.referenceId ?? null,
    outcomeDetail: ok ? null : (parsed?.detail ?? parsed?.title ?? `HTTP ${status}`),
  };
}

/**
 * Sends a claimed request's original call to the service, once, on behalf of the requester: the
 * audit entry names the requester and the approver; whatever the service answers is recorded and
 * not retried (a 5xx may come after the service acted).
 */
export async function sendApproved(
  deps: ApprovalDeps & { audit: AuditLogRepository },
  claimed: ApprovalRequest,
  approver: ApprovalPerson,
  request: FastifyRequest,
): Promise<ApprovalRequest> {
  const call = await deps.requests.heldCall(claimed.id);
  if (!call) throw new Error(`approval request ${claimed.id} has no held call`);
  const auditId = await deps.audit
    .begin({
      time: new Date().toISOString(),
      sub: claimed.requester.sub,
      name: claimed.requester.name,
      role: claimed.requester.roles.join(' '),
      method: call.method,
      path: call.path,
      operation: call.operation,
      requestId: request.id,
      approvedBy: approver,
    })
    .catch((e: unknown) => void request.log.error({ err: e }, 'audit write failed'));
  let outcome: SendingOutcome;
  try {
    const body = call.body === null ? undefined : Buffer.from(call.body, 'utf8');
    const { response } = await deps.upstream.forward({
      method: call.method,
      pathAndQuery: call.target,
      headers: { accept: 'application/json', ...(call.contentType ? { 'content-type': call.contentType } : {}) },
      body,
      requestId: request.id,
    });
    outcome = await outcomeOf(response);
  } catch (e) {
    request.log.error({ err: e, approvalRequest: claimed.id }, 'approved call could not be sent');
    outcome = {
      status: 'failed',
      upstreamStatus: null,
      referenceId: null,
      outcomeDetail: 'The customs service could not be reached; the call was not repeated. Ask again once it is back.',
    };
  }
  if (auditId !== undefined) {
    const { upstreamStatus, referenceId } = outcome;
    await deps.audit
      .complete(auditId, {
        time: new Date().toISOString(),
        outcome: upstreamStatus === null ? 'unreachable' : 'answered',
        upstreamStatus,
        referenceId,
        status: upstreamStatus,
      })
      .catch((e: unknown) => request.log.error({ err: e }, 'audit write failed'));
  }
  return (await deps.requests.finishSending(claimed.id, outcome)) ?? claimed;
}
