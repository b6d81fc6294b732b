import type { FastifyInstance } from 'fastify';
import {
  tariffCodeParamSchema,
  tariffSearchQuerySchema,
  tariffTreeQuerySchema,
  type TariffCodeReading,
  type TariffSearchResult,
  type TariffTree,
} from '../../contract/tariff.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation } from '../plugins/user-auth.js';
import { tariffService } from '../tariff/tariff-service.js';

/**
 * The console's tariff help (every signed-in role): how a typed code reads, level by level;
 * search by words or code prefix; the tree to browse. Built from the shipped nomenclature, no
 * call to the service.
 */
export function registerTariffRoutes(app: FastifyInstance): void {
  app.get('/api/tariff/codes/:code', async (request): Promise<TariffCodeReading> => {
    requireOperation(request, 'GET /api/tariff/codes/{code}');
    const { code } = tariffCodeParamSchema.parse(request.params);
    return tariffService().nomenclature.read(code);
  });

  app.get('/api/tariff/search', async (request): Promise<TariffSearchResult> => {
    requireOperation(request, 'GET /api/tariff/search');
    const { q, limit } = tariffSearchQuerySchema.parse(request.query);
    return tariffService().search.search(q, limit);
  });

  app.get('/api/tariff/tree', async (request): Promise<TariffTree> => {
    requireOperation(request, 'GET /api/tariff/tree');
    const { parent } = tariffTreeQuerySchema.parse(request.query);
    const tree = tariffService().nomenclature.tree(parent);
    if (!tree) throw new ProblemError({ status: 404, detail: `No line ${parent ?? ''} in the nomenclature.` });
    return tree;
  });
}
