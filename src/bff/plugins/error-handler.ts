import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ProblemError, sendProblem } from './problem.js';

/** The one error handler: every failure leaves as a problem document, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ProblemError | z.ZodError, request, reply) => {
    if (error instanceof ProblemError) return sendProblem(request, reply, error.init);
    if (error instanceof z.ZodError) {
      const invalidParameters = error.issues.map((i) => ({ name: i.path.map(String).join('.') || '(request)', reason: i.message }));
      return sendProblem(request, reply, { status: 400, detail: 'The request is not valid.', invalidParameters });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(request, reply, { status: error.statusCode, detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, { status: 500, detail: 'An unexpected error occurred.' });
  });
}
