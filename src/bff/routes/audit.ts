import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireOperation } from '../plugins/user-auth.js';
import type { AuditLogRepository } from '../store/audit-log.js';

const auditQuerySchema = z.object({
  /** Upstream path prefix (/v1/declarations/123); an /api prefix is accepted too. Empty: everything. */
  path: z
    .string()
    .max(1000)
    .default('')
    .transform((p) => (p.startsWith('/api/') ? p.slice('/api'.length) : p)),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** GET /api/audit?path=<prefix>&limit=n: recent audited writes, newest first (the console's timeline). */
export function registerAuditRoute(app: FastifyInstance, audit: AuditLogRepository): void {
  app.get('/api/audit', async (request) => {
    requireOperation(request, 'GET /api/audit');
    const query = auditQuerySchema.parse(request.query);
    return { entries: await audit.list(query.path, query.limit) };
  });
}
