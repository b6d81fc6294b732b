import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ProblemError, sendProblem } from './problem.js';

/** Zod issues as RFC 7807 invalid-parameters, with dotted paths (goodsItems.0.quantity). */
export function zodInvalidParameters(error: z.ZodError): { name: string; reason: string }[] {
  return error.issues.map((i) => ({ name: i.path.map(String).join('.') || '(body)', reason: i.message }));
}

/** The one error handler: every failure leaves as a problem document, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ProblemError | z.ZodError, request, reply) => {
    if (error instanceof ProblemError) return sendProblem(request, reply, error.init);
    if (error instanceof z.ZodError) {
      return sendProblem(request, reply, { status: 400, detail: 'The request is not valid.', invalidParameters: zodInvalidParameters(error) });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(request, reply, { status: 415, detail: `Content-Type ${request.headers['content-type'] ?? '(none)'} is not supported here.` });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(request, reply, { status: 413, detail: error.message });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendProblem(request, reply, { status: 400, detail: error.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(request, reply, { status: error.statusCode, detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, { status: 500, detail: 'An unexpected error occurred.' });
  });
  app.setNotFoundHandler((request, reply) => sendProblem(request, reply, { status: 404, detail: `No resource at ${request.method} ${request.url.split('?')[0]}.` }));
}
