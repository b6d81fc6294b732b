import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { declarationIncludeSchema, declarationPatchSchema, declarationSearchQuerySchema, goodsItemPatchSchema } from '../../contract/declarations.js';
import type { SandboxContext } from '../context.js';
import { notFound } from '../http/problem.js';
import { sendAccepted } from '../http/message-body.js';
import { parseBody, readBody } from '../ingestion/request-body.js';
import { enqueueDeclarationChange } from './declaration-changes.js';
import type { DeclarationServices } from './declaration-services.js';
import { itemResource } from './declaration-store.js';

const declarationParams = z.object({ declarationId: z.string() });
const itemParams = z.object({ declarationId: z.string(), itemId: z.string() });
const includeQuery = z.looseObject({ include: declarationIncludeSchema });

/** Declarations (specification, Endpoints: Declarations). Reads are synchronous; changes answer 202 and run as jobs. */
export function registerDeclarationRoutes(app: FastifyInstance, ctx: SandboxContext, services: DeclarationServices): void {
  const { store } = services;
  const load = (tenantId: string, declarationId: string) => {
    const d = store.get(tenantId, declarationId);
    if (!d) throw notFound(`Declaration ${declarationId} does not exist.`);
    return d;
  };

  app.get('/v1/declarations/search', { config: { scope: 'read:declarations' } }, async (request) => {
    const query = declarationSearchQuerySchema.parse(request.query);
    return store.search(request.principal.tenantId, query);
  });

  app.get('/v1/declarations/:declarationId', { config: { scope: 'read:declarations' } }, async (request) => {
    const { declarationId } = declarationParams.parse(request.params);
    const { include } = includeQuery.parse(request.query);
    const d = load(request.principal.tenantId, declarationId);
    if (include.includes('attachments')) for (const hook of services.attachmentHooks) await hook(d);
    return store.resource(d, include);
  });

  app.patch('/v1/declarations/:declarationId', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const { declarationId } = declarationParams.parse(request.params);
    const patch = parseBody(declarationPatchSchema, readBody(request, { xml: false }).value);
    load(request.principal.tenantId, declarationId);
    return sendAccepted(request, reply, enqueueDeclarationChange(ctx, declarationId, { kind: 'header', patch }));
  });

  app.get('/v1/declarations/:declarationId/items/:itemId', { config: { scope: 'read:declarations' } }, async (request) => {
    const { declarationId, itemId } = itemParams.parse(request.params);
    load(request.principal.tenantId, declarationId);
    const found = store.item(declarationId, itemId);
    if (!found) throw notFound(`Goods item ${itemId} does not exist in declaration ${declarationId}.`);
    return itemResource(found.item, found.sequenceNumber);
  });

  app.post('/v1/declarations/:declarationId/items', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const { declarationId } = declarationParams.parse(request.params);
    const item = parseBody(goodsItemPatchSchema, readBody(request, { xml: false }).value);
    load(request.principal.tenantId, declarationId);
    return sendAccepted(request, reply, enqueueDeclarationChange(ctx, declarationId, { kind: 'addItem', item }));
  });

  app.patch('/v1/declarations/:declarationId/items/:itemId', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const { declarationId, itemId } = itemParams.parse(request.params);
    const patch = parseBody(goodsItemPatchSchema, readBody(request, { xml: false }).value);
    load(request.principal.tenantId, declarationId);
    if (!store.item(declarationId, itemId)) throw notFound(`Goods item ${itemId} does not exist in declaration ${declarationId}.`);
    return sendAccepted(request, reply, enqueueDeclarationChange(ctx, declarationId, { kind: 'updateItem', itemId, patch }));
  });

  app.delete('/v1/declarations/:declarationId/items/:itemId', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const { declarationId, itemId } = itemParams.parse(request.params);
    load(request.principal.tenantId, declarationId);
    if (!store.item(declarationId, itemId)) throw notFound(`Goods item ${itemId} does not exist in declaration ${declarationId}.`);
    return sendAccepted(request, reply, enqueueDeclarationChange(ctx, declarationId, { kind: 'deleteItem', itemId }));
  });
}
