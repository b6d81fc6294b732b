import type { FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { ProblemError } from '../../server-kit/http/problem.js';
import { responseHeadersFor } from '../upstream/upstream-client.js';
import { readUpTo, readWhole } from './body-handling.js';
import type { ForwardFailure } from './forward.js';
import type { ProxyCall, ProxyOutcome } from './proxy-extension.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

/** A 202 acknowledgement is read (for the extensions: its referenceId) only up to this size. */
const ACK_BODY_BYTES = 64 * 1024;
/**
 * Answers up to this size (by Content-Length) are read whole and sent in one write: cheaper than
 * piping a stream for a typical JSON page; larger ones (images, PDFs) stream as they arrive.
 */
const SMALL_BODY_BYTES = 64 * 1024;

/** The service answered: how the call ended, and how to pass the answer on once the extensions are done. */
export interface Answer {
  outcome: ProxyOutcome;
  send: () => Promise<FastifyReply>;
}

const acceptedSchema = z.looseObject({ referenceId: z.string().max(200).optional(), classificationId: z.string().max(200).optional() });

function referenceIdOf(acknowledgement: Buffer | undefined): string | null {
  if (!acknowledgement) return null;
  try {
    const parsed = acceptedSchema.safeParse(JSON.parse(acknowledgement.toString('utf8')));
    return (parsed.success && (parsed.data.referenceId ?? parsed.data.classificationId)) || null;
  } catch {
    return null;
  }
}

const answered = (status: number, acknowledgement?: Buffer): ProxyOutcome => ({
  upstreamStatus: status,
  status,
  refused: false,
  acknowledgement,
  referenceId: referenceIdOf(acknowledgement),
});

/**
 * Turns the service's answer into the browser's: a 401 that survived a token renewal becomes a 502
 * (the user's sign-in is fine, the console's credentials are not); 204 and 304 without a body; a
 * write's 202 JSON acknowledgement read first, for the extensions; small answers read whole and sent
 * in one write, larger ones streamed.
 */
export async function respond(call: ProxyCall, reply: FastifyReply, response: IncomingMessage): Promise<Answer | ForwardFailure> {
  const status = response.statusCode ?? 502;
  if (status === 401) {
    response.resume();
    call.request.log.error({ operation: call.operation }, 'the customs service refused the service token after renewal');
    const problem = new ProblemError(bffProblem(502, text('upstream.credentialsRefused')));
    return { problem, outcome: { ...answered(status), status: 502 } };
  }
  const headed = () => reply.code(status).headers(responseHeadersFor(response.headers));
  if (status === 204 || status === 304) {
    response.resume();
    return { outcome: answered(status), send: async () => headed().send() };
  }
  const contentType = response.headers['content-type'];
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (call.write && status === 202 && contentType?.includes('json') && !(declared > ACK_BODY_BYTES)) {
    const ack = await readUpTo(response, ACK_BODY_BYTES);
    return { outcome: answered(status, ack.rest ? undefined : ack.head), send: async () => headed().send(ack.rest ?? ack.head) };
  }
  if (declared <= SMALL_BODY_BYTES) return { outcome: answered(status), send: async () => headed().send(await readWhole(response)) };
  return { outcome: answered(status), send: async () => headed().send(response) };
}

/** The service's answer broke off while the BFF read it (a 202 acknowledgement): a 502, its status kept for the extensions. */
export function brokenAnswer(call: ProxyCall, response: IncomingMessage, e: unknown): ForwardFailure {
  call.request.log.error({ operation: call.operation, error: e instanceof Error ? e.message : String(e) }, 'upstream answer broke off');
  const problem = new ProblemError(bffProblem(502, text('upstream.brokeOff')));
  return { problem, outcome: { ...answered(response.statusCode ?? 502), status: 502 } };
}
