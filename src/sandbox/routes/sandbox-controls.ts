import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ProblemError } from '../../server-kit/http/problem.js';
import { sendProblem } from '../http/problem.js';

/** Fault injection for resilience tests: the next `count` /v1 calls under `pathPrefix` answer `status` after `latencyMs`. */
export const faultSchema = z.object({
  status: z.number().int().min(200).max(599).optional(),
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  count: z.number().int().min(1).default(1),
  pathPrefix: z.string().startsWith('/v1').default('/v1/'),
  retryAfterSeconds: z.number().int().min(0).optional(),
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

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    const i = faults.findIndex((f) => request.url.startsWith(f.pathPrefix));
    if (i < 0) return;
    const fault = faults[i];
    if (!fault) return;
    if (--fault.count <= 0) faults.splice(i, 1);
    if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
    if (fault.status) {
      if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
      return sendProblem(request, reply, { status: fault.status, detail: 'Injected by the sandbox fault controls.' });
    }
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

  app.delete('/_sandbox/faults', async (_request, reply) => {
    faults.length = 0;
    return reply.code(204).send();
  });

  app.put<{ Params: { tenantId: string } }>('/_sandbox/tenants/:tenantId/credits', async (request, reply) => {
    const { credits } = z.object({ credits: z.number().int().min(0) }).parse(request.body);
    if (!(await setCredits(request.params.tenantId, credits))) throw new ProblemError({ status: 404, detail: `Unknown tenant ${request.params.tenantId}.` });
    return reply.send({ tenantId: request.params.tenantId, credits });
  });

  app.get<{ Params: { tenantId: string } }>('/_sandbox/tenants/:tenantId/credits', async (request, reply) => {
    const credits = await readCredits?.(request.params.tenantId);
    if (credits === undefined) throw new ProblemError({ status: 404, detail: `Unknown tenant ${request.params.tenantId}.` });
    return reply.send({ tenantId: request.params.tenantId, credits });
  });
}
