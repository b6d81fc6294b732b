import { XML_MEDIA_TYPES } from '../../server-kit/http/body-parsers.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MASTER_DATA_MESSAGES,
  certificateOfOriginSchema,
  materialListInvalidationSchema,
  materialListSchema,
  shipmentSchema,
  type MasterDataInformationData,
  type MasterDataMessageKind,
} from '../../contract/master-data-messages.js';
import { ISO_COUNTRY_CODES } from '../../contract/code-lists/countries.js';
import type { SandboxContext, SandboxFeature } from '../context.js';
import { notFound } from '../../server-kit/http/problem.js';
import type { MasterDataMessageRepository } from '../store/master-data-messages/master-data-message-repository.js';
import {
  readMessage,
  requireAcceptableReply,
  requireMessageContentType,
  scaled,
  sendAccepted,
  type XmlShape,
} from '../http/message-body.js';
import { inTransaction, receivedAtOf, recordAccepted, requestFormat } from '../ingestion/message-ingesters.js';
import { messageStatusRecord, type MessageStatusRecord } from '../ingestion/message-status.js';
import { defineJob } from '../worker/job-definition.js';

/** GET /_sandbox/master-data-messages/{referenceId}: a message's outcome, with the message as accepted. */
export type MasterDataMessageRecord = MessageStatusRecord & { kind: MasterDataMessageKind; businessReference: string; body: unknown };

const KINDS = Object.keys(MASTER_DATA_MESSAGES) as MasterDataMessageKind[];
const MESSAGE_TYPES = KINDS.map((k) => MASTER_DATA_MESSAGES[k].message);

/** Sandbox default: a message is processed this long after it was accepted (divided by timeScale). */
export const MASTER_DATA_DELAY_MS = 1000;

/** What processing a message does: its outcome subtype and, when it failed, why. */
interface Outcome {
  subType: string;
  errors: string[];
}

interface KindDef<T> {
  kind: MasterDataMessageKind;
  schema: z.ZodType<T>;
  xml: XmlShape;
  businessReference(message: T): string;
  /** Asynchronous business processing inside the job's transaction (`messages` is bound to it). */
  process(messages: MasterDataMessageRepository, m: { tenantId: string; referenceId: string; message: T; at: string }): Promise<Outcome>;
}

const NO_XML: XmlShape = { lists: new Set(), numbers: new Set(), booleans: new Set() };
const succeeded = (subType: string): Outcome => ({ subType, errors: [] });

const materialList: KindDef<z.infer<typeof materialListSchema>> = {
  kind: 'materialList',
  schema: materialListSchema,
  xml: { lists: new Set(['materials']), numbers: new Set(['quantity']), booleans: new Set() },
  businessReference: (m) => m.externalReference,
  async process(messages, { tenantId, referenceId, message, at }) {
    if (message.validFrom && message.validUntil && Date.parse(message.validUntil) <= Date.parse(message.validFrom)) {
      return { subType: 'CreationUnsuccessful', errors: ['validUntil: must be after validFrom'] };
    }
    await messages.putMaterialList({ tenantId, referenceId, materialList: message, at });
    return succeeded('CreationSuccessful');
  },
};

const materialListInvalidation: KindDef<z.infer<typeof materialListInvalidationSchema>> = {
  kind: 'materialListInvalidation',
  schema: materialListInvalidationSchema,
  xml: NO_XML,
  businessReference: (m) => m.externalReference,
  async process(messages, { tenantId, message, at }) {
    if (await messages.invalidateMaterialList(tenantId, message.externalReference, at)) return succeeded('InvalidationSuccessful');
    return { subType: 'InvalidationUnsuccessful', errors: [`externalReference: no active material list ${message.externalReference}`] };
  },
};

const certificateOfOrigin: KindDef<z.infer<typeof certificateOfOriginSchema>> = {
  kind: 'certificateOfOrigin',
  schema: certificateOfOriginSchema,
  xml: NO_XML,
  businessReference: (m) => m.customsShipmentReference ?? m.declarationReference ?? '',
  async process(_messages, { message }) {
    const errors = (['exporterCountry', 'destinationCountry'] as const)
      .filter((f) => message[f] !== undefined && !ISO_COUNTRY_CODES.has(message[f] ?? ''))
      .map((f) => `${f}: ${message[f]} is not an ISO 3166-1 alpha-2 country code`);
    return errors.length ? { subType: 'RequestUnsuccessful', errors } : succeeded('RequestSuccessful');
  },
};

const shipment: KindDef<z.infer<typeof shipmentSchema>> = {
  kind: 'shipment',
  schema: shipmentSchema,
  xml: NO_XML,
  businessReference: (m) => m.externalReference,
  process: async () => succeeded('CreationSuccessful'),
};

const jobPayload = z.object({ referenceId: z.string() });
const tenantQuery = z.object({ tenantId: z.string().default('t-acc-001') });

function registerKind<T>(
  app: FastifyInstance,
  ctx: Pick<SandboxContext, 'config' | 'events' | 'ingesters' | 'jobs' | 'now' | 'store'>,
  def: KindDef<T>,
): void {
  const info = MASTER_DATA_MESSAGES[def.kind];
  const job = defineJob(`master-data.${def.kind}`, jobPayload);

  ctx.jobs.register(
    job,
    async ({ referenceId }) => {
      await ctx.store.transaction(async (tx) => {
        const stored = await tx.ingestHistory.lock(referenceId);
        if (stored?.outcome !== 'Accepted') return;
        const message = def.schema.parse(stored.body);
        const at = ctx.now().toISOString();
        const outcome = await def.process(tx.masterDataMessages, { tenantId: stored.tenantId, referenceId, message, at });
        await tx.ingestHistory.finish(referenceId, {
          outcome: outcome.errors.length ? 'Unsuccessful' : 'Processed',
          outcomeDetail: outcome.subType,
          errors: outcome.errors,
          at,
        });
        const data: MasterDataInformationData = {
          tenantId: stored.tenantId,
          message: info.message,
          ingestionReferences: [referenceId],
          businessReference: stored.businessReference ?? '',
          ...(outcome.errors.length ? { errorDescriptions: outcome.errors } : {}),
        };
        await ctx.events.publishIn(tx, { tenantId: stored.tenantId, eventType: info.eventType, eventSubType: outcome.subType, data });
      });
    },
    1,
  );

  const ingester = ctx.ingesters.register({
    type: info.message,
    xml: def.xml,
    async accept(incoming) {
      const message = def.schema.parse(incoming.value);
      const referenceId = randomUUID();
      const receivedAt = receivedAtOf(incoming, ctx.now);
      const businessReference = def.businessReference(message);
      await inTransaction(ctx.store, incoming.tx, async (tx) => {
        await recordAccepted(tx, {
          referenceId,
          type: info.message,
          message: incoming,
          body: message,
          businessReference: businessReference || null,
          receivedAt,
        });
        await ctx.jobs.enqueueIn(tx, job, { referenceId }, scaled(MASTER_DATA_DELAY_MS, ctx.config.timeScale));
      });
      return referenceId;
    },
  });

  app.post(
    info.path,
    { config: { scope: 'create:messages', bodyTypes: XML_MEDIA_TYPES }, onRequest: [requireMessageContentType, requireAcceptableReply] },
    async (request, reply) => {
      const value = readMessage(request, def.xml);
      const referenceId = await ingester.accept({
        tenantId: request.principal.tenantId,
        format: requestFormat(request),
        value,
        source: { channel: 'https' },
      });
      return sendAccepted(request, reply, referenceId);
    },
  );
}

/**
 * POST /v1/materiallists, /v1/materiallistinvalidationrequests, /v1/certificatesoforigin and
 * /v1/shipments (create:messages; paths per docs/service-facts.md 4.1 inference). Sandbox-only reads:
 * GET /_sandbox/master-data-messages/{referenceId} and GET /_sandbox/materiallists/{externalReference}.
 * Tables: store/master-data-messages.
 */
export const masterDataMessagesFeature: SandboxFeature = {
  name: 'master-data-messages',
  register(app, ctx) {
    const messages = ctx.store.repos.masterDataMessages;
    registerKind(app, ctx, materialList);
    registerKind(app, ctx, materialListInvalidation);
    registerKind(app, ctx, certificateOfOrigin);
    registerKind(app, ctx, shipment);

    app.get<{ Params: { referenceId: string } }>('/_sandbox/master-data-messages/:referenceId', async (request) => {
      const stored = await ctx.store.repos.ingestHistory.message(request.params.referenceId);
      const status = messageStatusRecord(stored, MESSAGE_TYPES);
      const kind = KINDS.find((k) => MASTER_DATA_MESSAGES[k].message === stored?.messageType);
      if (!status || !stored || !kind) throw notFound(`No master data message ${request.params.referenceId}.`);
      const record: MasterDataMessageRecord = { ...status, kind, businessReference: stored.businessReference ?? '', body: stored.body };
      return record;
    });

    app.get<{ Params: { externalReference: string } }>('/_sandbox/materiallists/:externalReference', async (request) => {
      const { tenantId } = tenantQuery.parse(request.query);
      const list = await messages.materialList(tenantId, request.params.externalReference);
      if (!list) throw notFound(`No material list ${request.params.externalReference} in tenant ${tenantId}.`);
      return list;
    });
  },
};
