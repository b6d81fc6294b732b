import type { FastifyInstance } from 'fastify';
import {
  declarationIdParamSchema,
  itemIdParamSchema,
  type ClassificationOfGoodsItems,
  type GoodsItemsOfClassification,
} from '../../contract/classification-links.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { requireOperation } from '../plugins/user-auth.js';
import { classificationOfGoodsItems, goodsItemsOfClassification } from '../tariff/classification-links.js';
import type { DeclarationGoodsScanner } from '../tariff/declaration-scan.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

/** A link scan reads up to about a thousand resources of the service: it gives up after this long. */
const LINK_SCAN_TIMEOUT_MS = 30_000;

/** Classification items and the goods items they are about, both ways (the service links neither). */
export function registerClassificationLinkRoutes(
  app: FastifyInstance,
  deps: { upstream: UpstreamClient; scanner: DeclarationGoodsScanner },
) {
  app.get('/api/classification-links/items/:itemId', async (request): Promise<GoodsItemsOfClassification> => {
    requireOperation(request, 'GET /api/classification-links/items/{itemId}');
    const { itemId } = itemIdParamSchema.parse(request.params);
    const links = await goodsItemsOfClassification(deps.upstream, deps.scanner, itemId, AbortSignal.timeout(LINK_SCAN_TIMEOUT_MS));
    if (!links) throw new ProblemError(bffProblem(404, text('classification.noItem', { id: itemId })));
    return links;
  });

  app.get('/api/classification-links/declarations/:declarationId', async (request): Promise<ClassificationOfGoodsItems> => {
    requireOperation(request, 'GET /api/classification-links/declarations/{declarationId}');
    const { declarationId } = declarationIdParamSchema.parse(request.params);
    const links = await classificationOfGoodsItems(deps.upstream, declarationId, AbortSignal.timeout(LINK_SCAN_TIMEOUT_MS));
    if (!links) throw new ProblemError(bffProblem(404, text('declaration.none', { id: declarationId })));
    return links;
  });
}
