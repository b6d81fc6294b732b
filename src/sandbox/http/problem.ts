import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem as sendStyledProblem, type ProblemInit, type ProblemStyle } from '../../server-kit/http/problem.js';

/** RFC 7807 with invalid-parameters: the service's common error form (sandbox default for every non-2xx). */
export const SERVICE_PROBLEMS: ProblemStyle = {
  fields: 'invalid-parameters',
  type: (status) => `https://httpstatuses.io/${status}`,
  wholeBody: '(body)',
};

export const sendProblem = (request: FastifyRequest, reply: FastifyReply, init: ProblemInit): FastifyReply =>
  sendStyledProblem(request, reply, init, SERVICE_PROBLEMS);
