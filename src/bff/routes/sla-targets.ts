import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_SLA_TARGETS, slaTargetsSchema, type SlaTargetsState } from '../../contract/sla-targets.js';
import { requireOperation } from '../plugins/user-auth.js';
import type { MetaRepository } from '../store/meta.js';

const KEY = 'sla-targets';
const storedSchema = z.object({ targets: slaTargetsSchema, updatedBy: z.string(), updatedAt: z.iso.datetime() });

/** Reads the targets in force: the supervisors' last setting, or the defaults. */
export async function readSlaTargets(meta: MetaRepository): Promise<SlaTargetsState> {
  const stored = await meta.get(KEY);
  if (stored === undefined) return { targets: DEFAULT_SLA_TARGETS, updatedBy: null, updatedAt: null };
  return storedSchema.parse(JSON.parse(stored));
}

/** The team's service-level targets, shared by every replica through the BFF's store. */
export function registerSlaTargetRoutes(app: FastifyInstance, meta: MetaRepository): void {
  app.get('/api/sla-targets', async (request, reply): Promise<SlaTargetsState> => {
    requireOperation(request, 'GET /api/sla-targets');
    reply.header('cache-control', 'no-store');
    return readSlaTargets(meta);
  });

  app.put('/api/sla-targets', { bodyLimit: 64 * 1024 }, async (request): Promise<SlaTargetsState> => {
    const user = requireOperation(request, 'PUT /api/sla-targets');
    const state = { targets: slaTargetsSchema.strict().parse(request.body), updatedBy: user.name, updatedAt: new Date().toISOString() };
    await meta.put(KEY, JSON.stringify(state));
    app.log.info({ sla: state }, 'service-level targets changed');
    return state;
  });
}
