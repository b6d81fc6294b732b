import type { FastifyInstance } from 'fastify';
import { customsShipmentSchema, normalizeCustomsShipment } from '../../contract/customs-shipment.js';
import { articleDataItemsMessageSchema, businessPartnersMessageSchema } from '../../contract/ingestion.js';
import type { IngestionStore } from './ingestion-store.js';
import { sendAccepted } from '../http/message-body.js';
import { parseBody, readBody } from './request-body.js';

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
