import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { customsShipmentSchema, normalizeCustomsShipment, type ReturnOnAcceptMessage } from '../../contract/customs-shipment.js';
import { articleDataItemsMessageSchema, businessPartnersMessageSchema } from '../../contract/ingestion.js';
import type { IngestionStore } from './ingestion-store.js';
import { parseBody, readBody, wantsXml } from './request-body.js';
import { returnOnAcceptXml } from './xml-body.js';

/** 202 with ReturnOnAcceptMessage, as XML when the client's Accept asks for it. */
export function sendAccepted(request: FastifyRequest, reply: FastifyReply, referenceId: string): FastifyReply {
  if (wantsXml(request)) return reply.code(202).type('application/xml; charset=utf-8').send(returnOnAcceptXml(referenceId));
  const body: ReturnOnAcceptMessage = { referenceId };
  return reply.code(202).send(body);
}

/**
 * Ingestion endpoints (specification, Endpoints: Ingestion). Structure is checked here (400, 415,
 * 413); business validation happens in the background job and is reported by events.
 */
export function registerIngestionRoutes(app: FastifyInstance, messages: IngestionStore): void {
  app.post('/v1/customsshipments', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const shipment = normalizeCustomsShipment(parseBody(customsShipmentSchema, readBody(request, { xml: true }).value));
    const referenceId = messages.accept(request.principal.tenantId, 'CustomsShipment', shipment, {
      messageType: shipment.messageType,
      externalReference: shipment.externalReference,
      direction: shipment.direction,
    });
    return sendAccepted(request, reply, referenceId);
  });

  app.post('/v1/articledataitems', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const items = parseBody(articleDataItemsMessageSchema, readBody(request, { xml: true }).value);
    return sendAccepted(request, reply, messages.accept(request.principal.tenantId, 'ArticleDataItems', items));
  });

  app.post('/v1/businesspartners', { config: { scope: 'create:messages' } }, async (request, reply) => {
    const partners = parseBody(businessPartnersMessageSchema, readBody(request, { xml: true }).value);
    return sendAccepted(request, reply, messages.accept(request.principal.tenantId, 'BusinessPartners', partners));
  });
}
