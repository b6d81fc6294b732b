import type { FastifyInstance } from 'fastify';
import {
  tariffCodeParamSchema,
  tariffSearchQuerySchema,
  tariffTreeQuerySchema,
  type TariffCodeReading,
  type TariffSearchResult,
  type TariffTree,
  type TariffUsage,
} from '../../contract/tariff.js';
import { isAllowed } from '../../contract/operations.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation } from '../plugins/user-auth.js';
import { tariffService } from '../tariff/tariff-service.js';
import { DeclarationGoodsScanner } from '../tariff/declaration-scan.js';
import { scanUsage } from '../tariff/usage-scan.js';
import { registerClassificationLinkRoutes } from './classification-links.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

/** A usage scan reads up to about 1,100 resources of the service (fewer once its declarations are cached): it gives up after this long. */
const USAGE_SCAN_TIMEOUT_MS = 30_000;

/**
 * The console's tariff help (every signed-in role): how a typed code reads, level by level;
 * search by words or code prefix; the tree to browse. Built from the shipped nomenclature, no
 * call to the service; only the usage of a code reads the service (usage-scan.ts).
 */
export function registerTariffRoutes(app: FastifyInstance, deps: { upstream: UpstreamClient }): void {
  // One scanner for the usage of codes and the links of classification items: both read the latest declarations' goods items.
  const scanner = new DeclarationGoodsScanner(deps.upstream);
  registerClassificationLinkRoutes(app, { upstream: deps.upstream, scanner });

  app.get('/api/tariff/codes/:code', async (request): Promise<TariffCodeReading> => {
    requireOperation(request, 'GET /api/tariff/codes/{code}');
    const { code } = tariffCodeParamSchema.parse(request.params);
    return tariffService().nomenclature.read(code);
  });

  app.get('/api/tariff/codes/:code/usage', async (request): Promise<TariffUsage> => {
    const user = requireOperation(request, 'GET /api/tariff/codes/{code}/usage');
    const { code } = tariffCodeParamSchema.parse(request.params);
    if (!/^\d+$/.test(code)) throw new ProblemError(bffProblem(400, text('tariff.usageCode')));
    return scanUsage(
      deps.upstream,
      scanner,
      code,
      isAllowed(user.roles, 'GET /v1/classifications/items/{itemId}'),
      AbortSignal.timeout(USAGE_SCAN_TIMEOUT_MS),
    );
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
    if (!tree) throw new ProblemError(bffProblem(404, text('tariff.noLine', { code: parent ?? '' })));
    return tree;
  });
}
