import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InvalidParameter } from '../../contract/problem.js';

/** Titles are the standard reason phrases (RFC 9110), as Node knows them. */
const title = (status: number): string => STATUS_CODES[status] ?? 'Error';

export interface ProblemInit {
  status: number;
  detail?: string;
  title?: string;
  type?: string;
  invalidParameters?: InvalidParameter[];
}

/** RFC 7807 problem document (application/problem+json), the BFF's one error shape. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, init: ProblemInit): FastifyReply {
  const body: Record<string, unknown> = {
    type: init.type ?? 'about:blank',
    title: init.title ?? title(init.status),
    status: init.status,
    detail: init.detail ?? '',
    instance: (request.raw.url ?? request.url).split('?')[0],
    requestId: request.id,
  };
  if (init.invalidParameters) body['invalid-parameters'] = init.invalidParameters;
  // A problem answers one request: never for a cache (also on paths that skip the onSend hooks, such as router errors).
  return reply.code(init.status).type('application/problem+json').header('cache-control', 'no-store').send(body);
}

/** Thrown anywhere in a handler or hook; the error handler turns it into a problem document. */
export class ProblemError extends Error {
  constructor(readonly init: ProblemInit) {
    super(init.detail ?? title(init.status));
  }
}
