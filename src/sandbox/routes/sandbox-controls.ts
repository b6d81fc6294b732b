import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { ProblemError } from '../../server-kit/http/problem.js';
import { sendProblem } from '../http/problem.js';

/**
 * Fault injection for resilience tests: the next `count` /v1 calls under `pathPrefix` (of `method`,
 * when given) answer `status` after `latencyMs`. With `afterHandled` the call is handled first and
 * only its answer is replaced: a gateway failing after the service acted. A fault without status
 * or latency only counts the calls (GET /_sandbox/faults shows what is left of each).
 */
export const faultSchema = z.object({
  status: z.number().int().min(200).max(599).optional(),
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  count: z.number().int().min(1).default(1),
  pathPrefix: z.string().startsWith('/v1').default('/v1/'),
  retryAfterSeconds: z.number().int().min(0).optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  /** The path (without the query) must be pathPrefix itself, not below it. */
  exactPath: z.boolean().default(false),
  afterHandled: z.boolean().default(false),
});
type Fault = z.infer<typeof faultSchema>;

export interface SandboxControls {
  reset(): Promise<void>;
}

/** Sandbox-only controls under /_sandbox, never part of the service interface (docs/architecture.md section 5). */
export function registerSandboxControls(
  app: FastifyInstance,
  controls: SandboxControls,
  setCredits: (tenantId: string, credits: number) => Promise<boolean>,
  /** The balance, for tests that count the credits a journey used. */
  readCredits?: (tenantId: string) => Promise<number | undefined>,
): void {
  const faults: Fault[] = [];
  const failAfterHandling = new WeakMap<FastifyRequest, Fault>();
  const matches = (f: Fault, method: string, url: string): boolean =>
    (f.method === undefined || f.method === method) && (f.exactPath ? url.split('?')[0] === f.pathPrefix : url.startsWith(f.pathPrefix));

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    const i = faults.findIndex((f) => matches(f, request.method, request.url));
    if (i < 0) return;
    const fault = faults[i];
    if (!fault) return;
    if (--fault.count <= 0) faults.splice(i, 1);
    if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
    if (fault.status && fault.afterHandled) failAfterHandling.set(request, fault);
    else if (fault.status) {
      if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
      return sendProblem(request, reply, { status: fault.status, detail: 'Injected by the sandbox fault controls.' });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fault = failAfterHandling.get(request);
    if (!fault?.status) return payload;
    const status = fault.status;
    reply.code(status).header('content-type', 'application/problem+json');
    if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
    return JSON.stringify({
      type: 'about:blank',
      title: STATUS_CODES[status] ?? 'Error',
      status,
      detail: 'Injected by the sandbox fault controls after the call was handled.',
    });
  });

  app.post('/_sandbox/reset', async (_request, reply) => {
    faults.length = 0;
    await controls.reset();
    return reply.code(204).send();
  });

  app.put('/_sandbox/faults', async (request, reply) => {
    faults.push(faultSchema.parse(request.body));
    return reply.code(204).send();
  });

  app.get('/_sandbox/faults', async (_request, reply) => reply.send({ faults }));

  app.delete('/_sandbox/faults', async (_request, reply) => {
    faults.length = 0;
    return reply.code(204).send();
  });

  app.put<{ Params: { tenantId: string } }>('/_sandbox/tenants/:tenantId/credits', async (request, reply) => {
    const { credits } = z.object({ credits: z.number().int().min(0) }).parse(request.body);
    if (!(await setCredits(request.params.tenantId, credits)))
      throw new ProblemError({ status: 404, detail: `Unknown tenant ${request.params.tenantId}.` });
    return reply.send({ tenantId: request.params.tenantId, credits });
  });

  app.get<{ Params: { tenantId: string } }>('/_sandbox/tenants/:tenantId/credits', async (request, reply) => {
    const credits = await readCredits?.(request.params.tenantId);
    if (credits === undefined) throw new ProblemError({ status: 404, detail: `Unknown tenant ${request.params.tenantId}.` });
    return reply.send({ tenantId: request.params.tenantId, credits });
  });
}
