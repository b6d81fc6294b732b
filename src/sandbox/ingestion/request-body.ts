import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { JSON_MEDIA_TYPES, mediaType } from '../../server-kit/http/body-parsers.js';
import { zodInvalidParameters } from '../../server-kit/http/error-handler.js';
import { badRequest, ProblemError } from '../../server-kit/http/problem.js';
import { isXmlMediaType, xmlToMessage } from '../http/message-body.js';
import { INGESTION_XML } from './ingestion-xml.js';

/** The body of an ingestion or declaration request as a JSON value: JSON always; XML where allowed; 415 for any other content type. */
export function readBody(request: FastifyRequest, options: { xml: boolean }): { value: unknown; format: 'json' | 'xml' } {
  const type = mediaType(request);
  if (JSON_MEDIA_TYPES.includes(type)) return { value: request.body, format: 'json' };
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
