import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InvalidParameter } from '../../contract/problem.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export interface ProblemInit {
  status: number;
  detail?: string;
  title?: string;
  type?: string;
  invalidParameters?: InvalidParameter[];
}

/** RFC 7807 problem details, the service's common error form (sandbox default for every non-2xx). */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, init: ProblemInit): FastifyReply {
  const body: Record<string, unknown> = {
    type: init.type ?? `https://httpstatuses.io/${init.status}`,
    title: init.title ?? TITLES[init.status] ?? 'Error',
    status: init.status,
    detail: init.detail ?? '',
    instance: request.url.split('?')[0],
  };
  if (init.invalidParameters) body['invalid-parameters'] = init.invalidParameters;
  return reply.code(init.status).type('application/problem+json').send(body);
}

/** Thrown anywhere in a handler; the one error handler turns it into a problem document. */
export class ProblemError extends Error {
  constructor(readonly init: ProblemInit) {
    super(init.detail ?? TITLES[init.status] ?? 'Error');
  }
}

export const badRequest = (detail: string, invalidParameters?: InvalidParameter[]): ProblemError =>
  new ProblemError({ status: 400, detail, invalidParameters });
export const notFound = (detail: string): ProblemError => new ProblemError({ status: 404, detail });
