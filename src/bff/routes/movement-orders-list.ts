import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { movementIngestSchema } from '../../contract/movement-orders.js';
import { requireOperation } from '../plugins/user-auth.js';
import type { ProxyExtension } from '../proxy/proxy-extension.js';
import type { CreatedMovementOrderRepository } from '../store/created-movement-orders.js';

/** The sandbox takes bodies up to 10 MB; 9,999 lines are about 2 MB of JSON. */
const MOVEMENT_BODY_BYTES = 16 * 1024 * 1024;

type RecordedMovement = { externalReference: string; movementType: string; movementLines: unknown[] };

function movementsOf(body: Buffer | undefined): RecordedMovement[] {
  try {
    const parsed = movementIngestSchema.safeParse(body ? JSON.parse(body.toString('utf8')) : undefined);
    return parsed.success ? parsed.data.movements : [];
  } catch {
    return []; // not JSON: recorded without the movements
  }
}

/**
 * Records each movement order message the service accepted (202 with a referenceId) through the
 * proxy: JSON bodies with their details; an XML one, or one too large to read, without them.
 */
export function movementOrderRecorder(repo: CreatedMovementOrderRepository, now: () => Date = () => new Date()): ProxyExtension {
  return {
    name: 'movement-order recorder',
    appliesTo: ['POST /v1/movementorders', 'POST /v1/movements'],
    bodyBytes: MOVEMENT_BODY_BYTES,
    async after({ user, body }, { referenceId }) {
      if (!referenceId) return;
      const movements = movementsOf(Buffer.isBuffer(body) ? body : undefined);
      await repo.record({
        referenceId,
        createdAt: now().toISOString(),
        sub: user.sub,
        name: user.name,
        externalReferences: movements.map((m) => m.externalReference),
        movementTypes: movements.map((m) => m.movementType),
        lineCount: movements.reduce((n, m) => n + m.movementLines.length, 0),
      });
    },
  };
}

const listQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** GET /api/movement-orders?limit=n: the movement order messages sent from this console, newest first. */
export function registerMovementOrdersList(app: FastifyInstance, repo: CreatedMovementOrderRepository): void {
  app.get('/api/movement-orders', async (request) => {
    requireOperation(request, 'GET /api/movement-orders');
    const query = listQuerySchema.parse(request.query);
    return { orders: await repo.list(query.limit) };
  });
}
