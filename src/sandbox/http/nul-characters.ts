import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../server-kit/http/problem.js';

const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) ? value.some(hasNul) : false;

const valuesOf = (record: unknown): unknown[] => (record && typeof record === 'object' ? Object.values(record) : []);

/**
 * A NUL character names nothing the service holds, and PostgreSQL refuses it in text: a path
 * parameter carrying one is answered 404 and a query parameter 400 here, instead of failing as
 * a 500 in the database (which clients would retry).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (valuesOf(request.params).some(hasNul)) throw notFound('No resource has this identifier.');
    if (valuesOf(request.query).some(hasNul)) throw badRequest('A query parameter contains a NUL character.');
  });
}
