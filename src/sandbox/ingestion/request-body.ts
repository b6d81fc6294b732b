import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { zodInvalidParameters } from '../http/error-handler.js';
import { badRequest, ProblemError } from '../http/problem.js';
import { isXmlMediaType, mediaType, xmlToMessage } from '../http/message-body.js';
import { INGESTION_XML } from './ingestion-xml.js';

/**
 * Request bodies of the ingestion and declaration endpoints. Call inside an encapsulated plugin:
 * replaces the JSON parser there so malformed JSON is a 400 problem with invalid-parameters.
 */
export function useStrictJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'application/merge-patch+json']);
  app.addContentTypeParser(['application/json', 'application/merge-patch+json'], { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    try {
      const value: unknown = JSON.parse(text);
      done(null, value);
    } catch (err) {
      const reason = err instanceof Error ? err.message : 'not JSON';
      done(badRequest(text.trim() ? 'The JSON body is malformed.' : 'The request body is empty.', [{ name: '(body)', reason }]));
    }
  });
}

/** The body as a JSON value: JSON always; XML where allowed; 415 for any other content type. */
export function readBody(request: FastifyRequest, options: { xml: boolean }): { value: unknown; format: 'json' | 'xml' } {
  const type = mediaType(request);
  if (type === 'application/json' || type === 'application/merge-patch+json') return { value: request.body, format: 'json' };
  if (options.xml && isXmlMediaType(type) && typeof request.body === 'string') return { value: xmlToMessage(request.body, INGESTION_XML), format: 'xml' };
  const allowed = options.xml ? 'application/json, application/xml or text/xml' : 'application/json';
  throw new ProblemError({ status: 415, detail: `Content-Type ${type || '(none)'} is not supported here; use ${allowed}.` });
}

/** Parses with a schema; structural failures are a 400 with invalid-parameters. */
export function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest('The request body is not valid.', zodInvalidParameters(result.error));
  return result.data;
}
