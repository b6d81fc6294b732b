import type { FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { ProblemError } from '../../server-kit/http/problem.js';
import { TokenError } from '../upstream/token-cache.js';
import { UpstreamTimeoutError, type UpstreamClient } from '../upstream/upstream-client.js';
import { MAX_REQUEST_BODY_MIB, tooLarge, type OutgoingBody } from './body-handling.js';
import type { ProxyCall, ProxyOutcome } from './proxy-extension.js';
import { bffProblem, text, type ProblemText } from '../i18n/problem-texts.js';

/** The service did not answer: the problem for the browser, and the outcome the extensions learn. */
export interface ForwardFailure {
  problem: ProblemError;
  outcome: ProxyOutcome;
}

const failure = (status: number, detail: ProblemText, refused = false): ForwardFailure => ({
  problem: status === 413 ? tooLarge() : new ProblemError(bffProblem(status, detail)),
  outcome: { upstreamStatus: null, status, refused, acknowledgement: undefined, referenceId: null },
});

/** Why a forward failed, in the browser's terms: over the body limit (413), no service token (502), timeout (504), unreachable (502). */
function failureOf(call: ProxyCall, reply: FastifyReply, outgoing: OutgoingBody, e: unknown): ForwardFailure {
  if (outgoing.exceeded()) {
    // The rest of the body is not wanted: drop it and close the connection after the answer.
    call.request.raw.unpipe();
    call.request.raw.resume();
    reply.header('connection', 'close');
    return failure(413, text('request.tooLarge', { mib: MAX_REQUEST_BODY_MIB }), true);
  }
  if (e instanceof TokenError) {
    call.request.log.error({ operation: call.operation, tokenStatus: e.status }, e.message);
    return failure(502, text('upstream.noToken'));
  }
  if (e instanceof UpstreamTimeoutError) return failure(504, text('upstream.timeout'));
  call.request.log.error({ operation: call.operation, error: e instanceof Error ? e.message : String(e) }, 'upstream call failed');
  return failure(502, text('upstream.unreachable'));
}

/**
 * Sends the call to the service with the service token. A browser that goes away before the answer
 * is complete stops the call to the service too.
 */
export async function forward(
  call: ProxyCall,
  reply: FastifyReply,
  upstream: UpstreamClient,
  outgoing: OutgoingBody,
): Promise<IncomingMessage | ForwardFailure> {
  let cancel: (() => void) | undefined;
  let gone = false;
  reply.raw.once('close', () => {
    if (reply.raw.writableFinished) return;
    gone = true;
    cancel?.();
  });
  const started = performance.now();
  try {
    const { response, retried } = await upstream.forward({
      method: call.method,
      pathAndQuery: call.target,
      headers: call.request.headers,
      body: outgoing.body,
      requestId: call.request.id,
      onCancellable: (c) => {
        cancel = c;
        if (gone) c();
      },
    });
    call.request.log.debug(
      { operation: call.operation, status: response.statusCode, retried, ms: Math.round(performance.now() - started) },
      'upstream call',
    );
    return response;
  } catch (e) {
    return failureOf(call, reply, outgoing, e);
  }
}
