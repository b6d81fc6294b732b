import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InvalidParameter } from '../../contract/problem.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

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
    title: init.title ?? TITLES[init.status] ?? 'Error',
    status: init.status,
    detail: init.detail ?? '',
    instance: (request.raw.url ?? request.url).split('?')[0],
    requestId: request.id,
  };
  if (init.invalidParameters) body['invalid-parameters'] = init.invalidParameters;
  return reply.code(init.status).type('application/problem+json').send(body);
}

/** Thrown anywhere in a handler or hook; the error handler turns it into a problem document. */
export class ProblemError extends Error {
  constructor(readonly init: ProblemInit) {
    super(init.detail ?? TITLES[init.status] ?? 'Error');
  }
}
