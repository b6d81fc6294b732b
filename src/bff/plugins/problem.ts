import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem as sendStyledProblem, type ProblemInit, type ProblemStyle } from '../../server-kit/http/problem.js';
import { problemMessage, requestLanguage } from '../i18n/problem-texts.js';

/**
 * The texts of a problem the BFF wrote itself, in the request's language (Accept-Language among
 * en, nl, fr, de; else English) with Content-Language. The service's words it passes on, and
 * Fastify's own, stay as written and carry no Content-Language.
 */
function translate(request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>, init: ProblemInit): void {
  if (!init.text) return;
  const language = requestLanguage(request);
  if (language === 'en') {
    reply.header('content-language', 'en');
    return;
  }
  const detail = problemMessage(language, init.text.detail);
  if (detail === undefined) return;
  const title = init.text.title
    ? problemMessage(language, init.text.title)
    : init.title === undefined
      ? problemMessage(language, { key: `status.${init.status}` })
      : undefined;
  body.detail = detail;
  if (title !== undefined) body.title = title;
  reply.header('content-language', language);
}

/** RFC 7807 with invalid-parameters and the request id: the BFF's one error shape. */
export const BFF_PROBLEMS: ProblemStyle = {
  fields: 'invalid-parameters',
  type: () => 'about:blank',
  wholeBody: '(request)',
  decorate: (request, reply, body, init) => {
    body.requestId = request.id;
    // A problem answers one request: never for a cache (also on paths that skip the onSend hooks, such as router errors).
    reply.header('cache-control', 'no-store');
    translate(request, reply, body, init);
  },
};

export const sendProblem = (request: FastifyRequest, reply: FastifyReply, init: ProblemInit): FastifyReply =>
  sendStyledProblem(request, reply, init, BFF_PROBLEMS);
