import type { FastifyInstance } from 'fastify';
import { radarQuerySchema, type Radar } from '../../contract/radar.js';
import { requireOperation } from '../plugins/user-auth.js';
import { computeRadar, type RadarDeps } from './compute-radar.js';

/** GET /api/radar (src/contract/radar.ts): what is late or about to be. */
export function registerRadarRoutes(app: FastifyInstance, deps: RadarDeps): void {
  app.get('/api/radar', async (request, reply): Promise<Radar> => {
    requireOperation(request, 'GET /api/radar');
    const query = radarQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return computeRadar(deps, query);
  });
}
