import type { FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { ProblemError } from '../../server-kit/http/problem.js';
import { TokenError } from '../upstream/token-cache.js';
import { UpstreamTimeoutError, type UpstreamClient } from '../upstream/upstream-client.js';
import { tooLarge, type OutgoingBody } from './body-handling.js';
import type { ProxyCall, ProxyOutcome } from './proxy-extension.js';

/** The service did not answer: the problem for the browser, and the outcome the extensions learn. */
export interface ForwardFailure {
  problem: ProblemError;
  outcome: ProxyOutcome;
}

const failure = (status: number, detail: string, refused = false): ForwardFailure => ({
  problem: status === 413 ? tooLarge() : new ProblemError({ status, detail }),
  outcome: { upstreamStatus: null, status, refused, acknowledgement: undefined, referenceId: null },
});

/** Why a forward failed, in the browser's terms: over the body limit (413), no service token (502), timeout (504), unreachable (502). */
function failureOf(call: ProxyCall, reply: FastifyReply, outgoing: OutgoingBody, e: unknown): ForwardFailure {
  if (outgoing.exceeded()) {
    // The rest of the body is not wanted: drop it and close the connection after the answer.
    call.request.raw.unpipe();
    call.request.raw.resume();
    reply.header('connection', 'close');
    return failure(413, '', true);
  }
  if (e instanceof TokenError) {
    call.request.log.error({ operation: call.operation, tokenStatus: e.status }, e.message);
    return failure(502, 'The console could not authenticate to the customs service.');
  }
  if (e instanceof UpstreamTimeoutError) return failure(504, e.message);
  call.request.log.error({ operation: call.operation, error: e instanceof Error ? e.message : String(e) }, 'upstream call failed');
  return failure(502, 'The customs service could not be reached.');
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
