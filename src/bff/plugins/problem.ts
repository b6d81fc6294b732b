import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem as sendStyledProblem, type ProblemInit, type ProblemStyle } from '../../server-kit/http/problem.js';

/** RFC 7807 with invalid-parameters and the request id: the BFF's one error shape. */
export const BFF_PROBLEMS: ProblemStyle = {
  fields: 'invalid-parameters',
  type: () => 'about:blank',
  wholeBody: '(request)',
  decorate: (request, reply, body) => {
    body.requestId = request.id;
    // A problem answers one request: never for a cache (also on paths that skip the onSend hooks, such as router errors).
    reply.header('cache-control', 'no-store');
  },
};

export const sendProblem = (request: FastifyRequest, reply: FastifyReply, init: ProblemInit): FastifyReply =>
  sendStyledProblem(request, reply, init, BFF_PROBLEMS);
