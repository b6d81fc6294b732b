import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  declarationIncludeSchema,
  declarationPatchSchema,
  declarationSearchQuerySchema,
  goodsItemPatchSchema,
  type Declaration,
  type DeclarationGoodsItem,
  type DeclarationSummary,
} from '../../contract/declarations.js';
import type { SandboxContext } from '../context.js';
import { notFound } from '../../server-kit/http/problem.js';
import { readRequestBody, requireAcceptableReply, sendAccepted } from '../http/message-body.js';
import { parseBody } from '../ingestion/request-body.js';
import type { DeclarationRecord } from '../store/declarations/declaration-record.js';
import { enqueueDeclarationChange, type DeclarationChange } from './declaration-changes.js';
import { declarationResource, goodsItemResource } from './declaration-resources.js';

/** What the declaration routes use of the sandbox's context: the signature says what it depends on. */
type DeclarationRoutesDeps = Pick<SandboxContext, 'jobs' | 'store'>;

const declarationParams = z.object({ declarationId: z.string() });
const itemParams = z.object({ declarationId: z.string(), itemId: z.string() });
const includeQuery = z.looseObject({ include: declarationIncludeSchema });

/** Declarations (specification, Endpoints: Declarations). Reads only read; changes answer 202 and run as jobs. */
export function registerDeclarationRoutes(app: FastifyInstance, ctx: DeclarationRoutesDeps): void {
  const { repos } = ctx.store;
  const load = async (tenantId: string, declarationId: string): Promise<DeclarationRecord> => {
    const d = await repos.declarations.get(tenantId, declarationId);
    if (!d) throw notFound(`Declaration ${declarationId} does not exist.`);
    return d;
  };
  const requireItem = async (declarationId: string, itemId: string): Promise<void> => {
    if (!(await repos.declarations.item(declarationId, itemId)))
      throw notFound(`Goods item ${itemId} does not exist in declaration ${declarationId}.`);
  };
  const accept = (declarationId: string, change: DeclarationChange) => enqueueDeclarationChange(ctx, repos, declarationId, change);

  app.get('/v1/declarations/search', { config: { scope: 'read:declarations' } }, async (request): Promise<DeclarationSummary[]> => {
    const query = declarationSearchQuerySchema.parse(request.query);
    return repos.declarations.search(request.principal.tenantId, query);
  });

  app.get('/v1/declarations/:declarationId', { config: { scope: 'read:declarations' } }, async (request): Promise<Declaration> => {
    const { declarationId } = declarationParams.parse(request.params);
    const { include } = includeQuery.parse(request.query);
    const d = await load(request.principal.tenantId, declarationId);
    // Attachments are the documents of the documents part: one mechanism for listing and download.
    const attachments = include.includes('attachments') ? await repos.documents.list(d.tenantId, d.id) : undefined;
    return declarationResource(d, await repos.declarations.items(d.id), {
      errors: include.includes('errors'),
      ...(attachments ? { attachments } : {}),
    });
  });

  app.patch(
    '/v1/declarations/:declarationId',
    { config: { scope: 'create:messages' }, onRequest: requireAcceptableReply },
    async (request, reply) => {
      const { declarationId } = declarationParams.parse(request.params);
      const patch = parseBody(declarationPatchSchema, readRequestBody(request).value);
      await load(request.principal.tenantId, declarationId);
      return sendAccepted(request, reply, await accept(declarationId, { kind: 'header', patch }));
    },
  );

  app.get(
    '/v1/declarations/:declarationId/items/:itemId',
    { config: { scope: 'read:declarations' } },
    async (request): Promise<DeclarationGoodsItem> => {
      const { declarationId, itemId } = itemParams.parse(request.params);
      await load(request.principal.tenantId, declarationId);
      const found = await repos.declarations.item(declarationId, itemId);
      if (!found) throw notFound(`Goods item ${itemId} does not exist in declaration ${declarationId}.`);
      return goodsItemResource(found.item, found.sequenceNumber);
    },
  );

  app.post(
    '/v1/declarations/:declarationId/items',
    { config: { scope: 'create:messages' }, onRequest: requireAcceptableReply },
    async (request, reply) => {
      const { declarationId } = declarationParams.parse(request.params);
      const item = parseBody(goodsItemPatchSchema, readRequestBody(request).value);
      await load(request.principal.tenantId, declarationId);
      return sendAccepted(request, reply, await accept(declarationId, { kind: 'addItem', item }));
    },
  );

  app.patch(
    '/v1/declarations/:declarationId/items/:itemId',
    { config: { scope: 'create:messages' }, onRequest: requireAcceptableReply },
    async (request, reply) => {
      const { declarationId, itemId } = itemParams.parse(request.params);
      const patch = parseBody(goodsItemPatchSchema, readRequestBody(request).value);
      await load(request.principal.tenantId, declarationId);
      await requireItem(declarationId, itemId);
      return sendAccepted(request, reply, await accept(declarationId, { kind: 'updateItem', itemId, patch }));
    },
  );

  app.delete(
    '/v1/declarations/:declarationId/items/:itemId',
    { config: { scope: 'create:messages' }, onRequest: requireAcceptableReply },
    async (request, reply) => {
      const { declarationId, itemId } = itemParams.parse(request.params);
      await load(request.principal.tenantId, declarationId);
      await requireItem(declarationId, itemId);
      return sendAccepted(request, reply, await accept(declarationId, { kind: 'deleteItem', itemId }));
    },
  );
}
