import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClassificationProblem } from '../../contract/classification.js';
import { ImageRejected } from './images.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  402: 'Payment Required',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

/**
 * An RFC 9457 problem of the classification endpoints. 400 carries `errors` (field to messages,
 * every problem at once); the other statuses use the same shape (the specification does not
 * show their body), 409 naming the field too.
 */
export class ClassificationProblemError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
  }
}

export const validationProblem = (errors: Record<string, string[]>, detail = 'The request is not valid; see errors.'): ClassificationProblemError =>
  new ClassificationProblemError(400, detail, errors);

export const notFoundProblem = (detail: string): ClassificationProblemError => new ClassificationProblemError(404, detail);

export function sendClassificationProblem(request: FastifyRequest, reply: FastifyReply, status: number, detail: string, errors?: Record<string, string[]>): FastifyReply {
  const body: ClassificationProblem = {
    type: `https://httpstatuses.io/${status}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    instance: request.url.split('?')[0],
    ...(errors && Object.keys(errors).length ? { errors } : {}),
  };
  return reply.code(status).type('application/problem+json').send(body);
}

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
const errorStatus = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;

/** The error handler of the classification routes: every failure leaves as an RFC 9457 problem. */
export function installClassificationErrorHandler(scope: FastifyInstance): void {
  scope.setErrorHandler((error: Error, request, reply) => {
    if (error instanceof ClassificationProblemError) return sendClassificationProblem(request, reply, error.status, error.detail, error.errors);
    if (error instanceof ImageRejected) return sendClassificationProblem(request, reply, error.status, error.message, { body: [error.message] });
    const code = errorCode(error);
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendClassificationProblem(request, reply, 413, `${error.message}.`);
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendClassificationProblem(request, reply, 415, `Content-Type ${request.headers['content-type'] ?? '(none)'} is not supported here.`);
    }
    const status = errorStatus(error);
    if (status && status >= 400 && status < 500) {
      return sendClassificationProblem(request, reply, status, error.message, status === 400 ? { body: [error.message] } : undefined);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendClassificationProblem(request, reply, 500, 'An unexpected error occurred.');
  });
}
