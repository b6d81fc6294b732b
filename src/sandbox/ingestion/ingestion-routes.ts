import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { customsShipmentSchema, normalizeCustomsShipment } from '../../contract/customs-shipment.js';
import { articleDataItemsMessageSchema, businessPartnersMessageSchema } from '../../contract/ingestion.js';
import type { SandboxContext } from '../context.js';
import { sendAccepted } from '../http/message-body.js';
import type { IngestionKind, NewIngestionMessage } from '../store/ingestion/ingestion-repository.js';
import { JOB_INGESTION } from './ingestion-processor.js';
import { parseBody, readBody } from './request-body.js';

/**
 * Ingestion endpoints (specification, Endpoints: Ingestion). Structure is checked here (400, 415,
 * 413); business validation happens in the background job and is reported by events.
 */
export function registerIngestionRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  /** Stores the message and its processing job in one transaction before the 202 leaves, so a crash after the 202 loses nothing. */
  const accept = async (tenantId: string, kind: IngestionKind, body: unknown, meta: Pick<NewIngestionMessage, 'messageType' | 'externalReference' | 'direction'> = {}): Promise<string> => {
    const referenceId = randomUUID();
    await ctx.store.transaction(async (tx) => {
      await tx.ingestionMessages.insert({ referenceId, tenantId, kind, body, ...meta, receivedAt: ctx.now().toISOString() });
      await ctx.jobs.enqueueIn(tx, JOB_INGESTION, { referenceId });
    });
    return referenceId;
  };

  app.post('/v1/customsshipments', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const shipment = normalizeCustomsShipment(parseBody(customsShipmentSchema, readBody(request, { xml: true }).value));
    const referenceId = await accept(request.principal.tenantId, 'CustomsShipment', shipment, {
      messageType: shipment.messageType,
      externalReference: shipment.externalReference,
      direction: shipment.direction,
    });
    return sendAccepted(request, reply, referenceId);
  });

  app.post('/v1/articledataitems', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const items = parseBody(articleDataItemsMessageSchema, readBody(request, { xml: true }).value);
    return sendAccepted(request, reply, await accept(request.principal.tenantId, 'ArticleDataItems', items));
  });

  app.post('/v1/businesspartners', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const partners = parseBody(businessPartnersMessageSchema, readBody(request, { xml: true }).value);
    return sendAccepted(request, reply, await accept(request.principal.tenantId, 'BusinessPartners', partners));
  });
}
