import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAllowed, type OperationKey } from '../../contract/operations.js';
import { leaveBodiesUnread } from '../../server-kit/http/body-parsers.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { userOf } from '../plugins/user-auth.js';
import { matchOperation } from '../upstream/allow-list.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { chooseBody } from './body-handling.js';
import { forward, type ForwardFailure } from './forward.js';
import { appliesTo, isWriteMethod, ProxyAnswer, type ProxyCall, type ProxyExtension, type ProxyOutcome } from './proxy-extension.js';
import { brokenAnswer, respond, type Answer } from './respond.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

export interface ProxyDeps {
  upstream: UpstreamClient;
  /**
   * Everything the proxy does beyond forwarding, in the order their `before` runs. The audit comes
   * last, so that its intent is written just before the call is forwarded.
   */
  extensions: readonly ProxyExtension[];
}

/**
 * /api/v1/* → the service's /v1/*, as a pipeline: resolve the operation (404 when it is not on the
 * allow-list), check the role (403), choose the body handling (413 over the limit), the
 * extensions' `before` (which may refuse), forward with the service token, and respond, after the
 * extensions' `after` saw the outcome. The raw request target is used, already checked by the path
 * guard, so what the allow-list saw is exactly what the service receives.
 */
export async function registerApiProxy(app: FastifyInstance, deps: ProxyDeps): Promise<void> {
  const forOperation = extensionsByOperation(deps.extensions);
  await app.register(async (scope) => {
    // Bodies are not parsed here: they stream to the service as they arrive.
    leaveBodiesUnread(scope);
    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/v1/*',
      exposeHeadRoute: false,
      handler: (request, reply) => proxy(request, reply, deps.upstream, forOperation),
    });
  });
}

/** The extensions that take part in each operation, worked out once per operation. */
function extensionsByOperation(extensions: readonly ProxyExtension[]): (operation: OperationKey) => readonly ProxyExtension[] {
  const known = new Map<OperationKey, readonly ProxyExtension[]>();
  return (operation) => {
    let applicable = known.get(operation);
    if (!applicable) known.set(operation, (applicable = extensions.filter((e) => appliesTo(e, operation))));
    return applicable;
  };
}

/** Step 1: the operation the call is, and who asks. */
function resolve(request: FastifyRequest): ProxyCall {
  const user = userOf(request);
  const target = (request.raw.url ?? request.url).slice('/api'.length);
  const path = target.split('?')[0] ?? '';
  const operation = matchOperation(request.method, path);
  if (!operation) throw new ProblemError(bffProblem(404, text('proxy.notAnOperation', { method: request.method, path })));
  return { request, user, operation, method: request.method, target, path, write: isWriteMethod(request.method), body: undefined };
}

/** Step 2: the role policy. */
function checkRole({ user, operation }: ProxyCall): void {
  if (isAllowed(user.roles, operation)) return;
  throw new ProblemError(
    bffProblem(
      403,
      user.roles.length
        ? text('proxy.roleRefused', { roles: user.roles.join(', '), operation })
        : text('proxy.noRoleRefused', { operation }),
    ),
  );
}

const refusal = (e: unknown): ProxyOutcome => ({
  upstreamStatus: null,
  status: e instanceof ProblemError ? e.init.status : 500,
  refused: true,
  acknowledgement: undefined,
  referenceId: null,
});

/** An extension kept the call and answered it itself. */
const heldAnswer = (reply: FastifyReply, answer: ProxyAnswer): Answer => ({
  outcome: { upstreamStatus: null, status: answer.status, refused: false, held: true, acknowledgement: undefined, referenceId: null },
  send: async () => reply.code(answer.status).type('application/json').send(answer.body),
});

/** Steps 2 to 5: check, body handling, the extensions' `before`, forward, respond. Every way it ends is an outcome. */
async function attempt(
  call: ProxyCall,
  reply: FastifyReply,
  upstream: UpstreamClient,
  extensions: readonly ProxyExtension[],
): Promise<Answer | ForwardFailure> {
  let outgoing;
  try {
    checkRole(call);
    outgoing = await chooseBody(call.request, Math.max(0, ...extensions.map((e) => e.bodyBytes ?? 0)));
    call.body = outgoing.body;
    for (const extension of extensions) await extension.before?.(call);
  } catch (e) {
    if (e instanceof ProblemError) return { problem: e, outcome: refusal(e) };
    if (e instanceof ProxyAnswer) return heldAnswer(reply, e);
    throw e;
  }
  const response = await forward(call, reply, upstream, outgoing);
  if ('problem' in response) return response;
  try {
    return await respond(call, reply, response);
  } catch (e) {
    return brokenAnswer(call, response, e);
  }
}

/** Step 6: every applicable extension learns the outcome, the last one first; one failing does not stop the others. */
async function finish(call: ProxyCall, extensions: readonly ProxyExtension[], outcome: ProxyOutcome): Promise<void> {
  for (let i = extensions.length - 1; i >= 0; i--) {
    const extension = extensions[i];
    if (!extension?.after) continue;
    try {
      await extension.after(call, outcome);
    } catch (e) {
      call.request.log.error({ err: e, operation: call.operation, extension: extension.name }, 'proxy extension failed after the call');
    }
  }
}

async function proxy(
  request: FastifyRequest,
  reply: FastifyReply,
  upstream: UpstreamClient,
  forOperation: (operation: OperationKey) => readonly ProxyExtension[],
): Promise<FastifyReply> {
  const call = resolve(request);
  const extensions = forOperation(call.operation);
  let ended: Answer | ForwardFailure;
  try {
    ended = await attempt(call, reply, upstream, extensions);
  } catch (e) {
    // Not a refusal the pipeline expects (a database outage in a check): the extensions still learn it ended.
    await finish(call, extensions, refusal(e));
    throw e;
  }
  await finish(call, extensions, ended.outcome);
  if ('problem' in ended) throw ended.problem;
  return ended.send();
}
