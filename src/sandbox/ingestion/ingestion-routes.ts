import { XML_MEDIA_TYPES } from '../../server-kit/http/body-parsers.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { customsShipmentSchema, normalizeCustomsShipment } from '../../contract/customs-shipment.js';
import type { IngestMessageType } from '../../contract/ingest-history.js';
import { articleDataItemsMessageSchema, businessPartnersMessageSchema } from '../../contract/ingestion.js';
import { groupCommit } from '../../server-kit/database/group-commit.js';
import type { SandboxContext } from '../context.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { readRequestBody, requireAcceptableReply, sendAccepted } from '../http/message-body.js';
import { ingestionJob } from './ingestion-processor.js';
import { INGESTION_XML } from './ingestion-xml.js';
import { receivedAtOf, recordAccepted, type IncomingMessage, type MessageIngester } from './message-ingesters.js';
import { parseBody } from './request-body.js';

/** What the ingestion routes use of the sandbox's context: the signature says what it depends on. */
type IngestionRoutesDeps = Pick<SandboxContext, 'ingesters' | 'jobs' | 'now' | 'store'>;

/** What orders a customs shipment's messages: one shipment's messages are processed in the order they were accepted. */
interface ShipmentKey {
  externalReference: string;
  direction: string;
}

/**
 * Ingestion endpoints (specification, Endpoints: Ingestion). Structure is checked here (400, 415,
 * 413); business validation happens in the background job and is reported by events. Each
 * message type's `accept` is also what the FTPS poller calls (ctx.ingesters).
 */
export function registerIngestionRoutes(app: FastifyInstance, ctx: IngestionRoutesDeps): void {
  // Messages accepted in the same turn share one transaction (and one commit) in place of one each.
  const acceptTogether = groupCommit<SandboxRepositories>((work) => ctx.store.transaction(work));
  /** Stores the message, its processing job and its history entry in one transaction before the 202 leaves, so a crash after the 202 loses nothing. */
  const store = async (message: IncomingMessage, type: IngestMessageType, body: unknown, shipment?: ShipmentKey): Promise<string> => {
    const referenceId = randomUUID();
    const receivedAt = receivedAtOf(message, ctx.now);
    const { tenantId } = message;
    const work = async (tx: SandboxRepositories): Promise<void> => {
      await recordAccepted(tx, { referenceId, type, message, body, businessReference: shipment?.externalReference ?? null, receivedAt });
      const orderKey = shipment
        ? JSON.stringify(['customs-shipment', tenantId, shipment.externalReference, shipment.direction])
        : undefined;
      await ctx.jobs.enqueueIn(tx, ingestionJob, { referenceId }, 0, { orderKey });
    };
    await (message.tx ? work(message.tx) : acceptTogether(work));
    return referenceId;
  };

  const masterData = <T>(type: IngestMessageType, schema: z.ZodType<T>): MessageIngester =>
    ctx.ingesters.register({ type, xml: INGESTION_XML, accept: async (m) => store(m, type, parseBody(schema, m.value)) });

  const ingesters = {
    '/v1/customsshipments': ctx.ingesters.register({
      type: 'CustomsShipment',
      xml: INGESTION_XML,
      async accept(m) {
        const shipment = normalizeCustomsShipment(parseBody(customsShipmentSchema, m.value));
        return store(m, 'CustomsShipment', shipment, shipment);
      },
    }),
    '/v1/articledataitems': masterData('ArticleDataItem', articleDataItemsMessageSchema),
    '/v1/businesspartners': masterData('BusinessPartners', businessPartnersMessageSchema),
  };

  for (const [path, ingester] of Object.entries(ingesters)) {
    app.post(
      path,
      { config: { scope: 'create:messages', bodyTypes: XML_MEDIA_TYPES }, onRequest: requireAcceptableReply },
      async (request, reply) => {
        const { value, format } = readRequestBody(request, INGESTION_XML);
        const referenceId = await ingester.accept({ tenantId: request.principal.tenantId, format, value, source: { channel: 'https' } });
        return sendAccepted(request, reply, referenceId);
      },
    );
  }
}
