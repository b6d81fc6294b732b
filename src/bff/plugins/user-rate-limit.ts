import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProblemError } from '../../server-kit/http/problem.js';
import type { OperationClass, UserRateLimits } from '../config.js';
import type { RateLimitBucketRepository } from '../store/rate-limit-buckets.js';
import { bffProblem, text, type ProblemKey } from '../i18n/problem-texts.js';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The class of an /api request: the service's reads, its writes and actions (proxied), or the console's own endpoints. */
export function operationClassOf(request: FastifyRequest): OperationClass {
  if (!request.url.startsWith('/api/v1/')) return 'console';
  return READ_METHODS.has(request.method) ? 'read' : 'act';
}

const CLASS_NAMES: Readonly<Record<OperationClass, ProblemKey>> = {
  read: 'rateLimit.reads',
  act: 'rateLimit.actions',
  console: 'rateLimit.console',
};

/**
 * Token buckets per user and operation class, kept in the BFF's store so every replica spends
 * from the same ones: one user's burst cannot spend the tenant's budget at the service, nor
 * flood the BFF's own endpoints. Past the limit: 429 with Retry-After, which the console waits
 * for. Runs after the token check (it needs the user), so refused tokens spend nothing. When the
 * store cannot answer the request goes ahead: the limit must not take the console down with it.
 */
export function installUserRateLimit(
  app: FastifyInstance,
  limits: UserRateLimits,
  buckets: RateLimitBucketRepository,
  now: () => number = Date.now,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const user = request.user;
    if (!user) return;
    const kind = operationClassOf(request);
    const limit = limits[kind];
    let waitSeconds: number;
    try {
      waitSeconds = await buckets.take(`${user.tenantId}\n${user.sub}\n${kind}`, limit, now());
    } catch (e) {
      request.log.warn({ err: e }, 'rate limit not checked: the store did not answer');
      return;
    }
    if (waitSeconds === 0) return;
    reply.header('retry-after', String(waitSeconds));
    throw new ProblemError(
      bffProblem(
        429,
        text('rateLimit.tooMany', {
          what: text(CLASS_NAMES[kind]),
          perSecond: limit.perSecond,
          capacity: limit.capacity,
          wait: waitSeconds,
        }),
      ),
    );
  });
}
