import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { InvalidParameter } from '../../contract/problem.js';
import { DATABASE_RETRY_AFTER_SECONDS, isConnectionError } from '../database/connection-errors.js';
import { ProblemError, sendProblem, sharedText, WHOLE_BODY, type ProblemInit, type ProblemStyle } from './problem.js';

/** Zod issues as invalid parameters, with dotted paths (goodsItems.0.quantity). */
export function zodInvalidParameters(error: z.ZodError): InvalidParameter[] {
  return error.issues.map((i) => ({ name: i.path.map(String).join('.') || WHOLE_BODY, reason: i.message }));
}

/** What a failure means for the client; unexpected ones are undefined (a 500, logged). */
function problemOf(error: FastifyError | Error, contentType: string | undefined): ProblemInit | undefined {
  if (error instanceof ProblemError) return error.init;
  if (error instanceof z.ZodError)
    return { status: 400, ...sharedText('request.notValid', 'The request is not valid.'), invalidParameters: zodInvalidParameters(error) };
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return {
      status: 415,
      ...sharedText('request.mediaType', `Content-Type ${contentType ?? '(none)'} is not supported here.`, {
        type: contentType ?? '(none)',
      }),
    };
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return { status: statusCode, detail: error.message };
  return undefined;
}

/**
 * The one error handler of both servers (and of classification's scope, in its own style): every
 * failure leaves as a problem document, never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance, style: ProblemStyle): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const init = problemOf(error, request.headers['content-type']);
    if (init) return sendProblem(request, reply, init, style);
    if (isConnectionError(error)) {
      // The database is restarting or unreachable: nothing of this request was committed; the same request passes once it is back.
      request.log.warn({ database: error.message }, 'database unavailable: answered 503');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendProblem(
        request,
        reply,
        {
          status: 503,
          ...sharedText('database.unavailable', 'The database is unavailable for a moment; nothing was changed. Try again shortly.'),
        },
        style,
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, { status: 500, ...sharedText('unexpected', 'An unexpected error occurred.') }, style);
  });
}
