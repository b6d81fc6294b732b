import { XML_MEDIA_TYPES } from '../../server-kit/http/body-parsers.js';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MOVEMENT_ERROR_CODES,
  MOVEMENT_ORDER_EVENT_TYPE,
  lineMissingDensity,
  movementIngestSchema,
  movementRuleErrors,
  type MovementOrderEventData,
  type MovementOrderStatus,
  type MovementValidationError,
} from '../../contract/movement-orders.js';
import type { SandboxContext, SandboxFeature } from '../context.js';
import { ProblemError, notFound } from '../../server-kit/http/problem.js';
import {
  readMessage,
  requireAcceptableReply,
  requireMessageContentType,
  scaled,
  sendAccepted,
  type XmlShape,
} from '../http/message-body.js';
import { inTransaction, receivedAtOf, recordAccepted, requestFormat, type IncomingMessage } from '../ingestion/message-ingesters.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { movementOrderId, type NewOrders, type OrderHead } from '../store/movement-orders/movement-order-repository.js';
import { movementMessageHead } from './movement-message-head.js';
import { toMovementOrder } from './movement-order-read-model.js';
import { seedMovementOrders } from './movement-order-seed.js';
import { defineJob } from '../worker/job-definition.js';

/** Sandbox default delays (divided by timeScale): Submitted → validated, Valid → processed, Invalidating → outcome. */
export const MOVEMENT_DELAYS_MS = { validate: 2000, process: 3000, invalidate: 2000 } as const;
/** Deterministic triggers (sandbox default), matched in externalReference. */
export const PROCESSING_FAILURE_MARK = 'FAIL';
export const INVALIDATION_REJECTED_MARK = 'REJECT';

const referencePayload = z.object({ referenceId: z.string() });
const orderPayload = z.object({ id: z.string() });
const JOBS = {
  validate: defineJob('movement-order.validate', referencePayload),
  process: defineJob('movement-order.process', orderPayload),
  invalidate: defineJob('movement-order.invalidate', orderPayload),
};

const MOVEMENT_XML: XmlShape = {
  lists: new Set(['movements', 'movementLines', 'writeOffRules', 'quantities']),
  numbers: new Set(['quantity', 'asv', 'arcSequenceNumber']),
  booleans: new Set(['isOfPreferentialOrigin']),
};

/** What an event needs to know about an order. */
type OrderRef = Omit<OrderHead, 'status'>;

/** An accepted movement message: its orders, and how it came. */
interface NewIngestion extends NewOrders {
  version: string | undefined;
  deprecatedPath: boolean;
}

/** The state machine: every status change is stored with its event, in one transaction. */
class MovementOrderMachine {
  constructor(private readonly ctx: Pick<SandboxContext, 'config' | 'events' | 'jobs' | 'now' | 'store'>) {}

  /** Stores a status change with its event (MovementOrderStatusChanged, subtype = new status). */
  private async move(
    tx: SandboxRepositories,
    order: OrderRef,
    status: MovementOrderStatus,
    validationErrors: MovementValidationError[] = [],
  ): Promise<void> {
    await tx.movementOrders.setStatus(order.id, status, validationErrors, this.ctx.now().toISOString());
    await this.publish(tx, order, status, validationErrors);
  }

  private async publish(
    tx: SandboxRepositories,
    order: OrderRef,
    status: MovementOrderStatus,
    validationErrors: MovementValidationError[] = [],
  ): Promise<void> {
    const data: MovementOrderEventData = {
      id: order.id,
      externalReference: order.movement.externalReference,
      type: order.movement.movementType,
      status,
      ingestionReferences: [order.referenceId],
      ...(validationErrors.length ? { validationErrors } : {}),
    };
    await this.ctx.events.publishIn(tx, { tenantId: order.tenantId, eventType: MOVEMENT_ORDER_EVENT_TYPE, eventSubType: status, data });
  }

  /** Stores an ingestion's orders as Submitted, with their events and history entry, and schedules their validation. */
  async ingest(ingestion: NewIngestion, incoming: IncomingMessage): Promise<void> {
    const { referenceId, tenantId } = ingestion;
    await inTransaction(this.ctx.store, incoming.tx, async (tx) => {
      await tx.movementOrders.insertOrders(ingestion);
      const movementOrderIds = ingestion.movements.map((_m, i) => movementOrderId(referenceId, i + 1));
      const businessReference = ingestion.movements.map((m) => m.externalReference).join(', ');
      const body = movementMessageHead(ingestion);
      await recordAccepted(tx, {
        referenceId,
        type: 'MovementOrder',
        message: incoming,
        body,
        businessReference,
        receivedAt: ingestion.at,
        movementOrderIds,
      });
      for (const [i, movement] of ingestion.movements.entries()) {
        await this.publish(tx, { id: movementOrderId(referenceId, i + 1), tenantId, referenceId, movement }, 'Submitted');
      }
      await this.ctx.jobs.enqueueIn(tx, JOBS.validate, { referenceId }, scaled(MOVEMENT_DELAYS_MS.validate, this.ctx.config.timeScale));
    });
  }

  /**
   * Submitted → Invalid (rule errors) | MissingDensity | Valid (then processing is scheduled).
   * The ingest history records the validation as the message's outcome: Unsuccessful when an order is Invalid.
   */
  async validate(referenceId: string): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      const submitted = await tx.movementOrders.submitted(referenceId);
      const invalid: string[] = [];
      for (const order of submitted) {
        const errors = movementRuleErrors(order.movement);
        if (await tx.movementOrders.referenceHeld(order.tenantId, order.movement.externalReference, order.id)) {
          errors.push({
            errorCode: MOVEMENT_ERROR_CODES.duplicateReference,
            errorMessage: `externalReference ${order.movement.externalReference} is already used by another movement order.`,
          });
        }
        invalid.push(...errors.map((e) => `${order.movement.externalReference}: ${e.errorCode} ${e.errorMessage}`));
        if (errors.length) await this.move(tx, order, 'Invalid', errors);
        else if (lineMissingDensity(order.movement) >= 0) await this.move(tx, order, 'MissingDensity');
        else {
          await this.move(tx, order, 'Valid');
          await this.ctx.jobs.enqueueIn(tx, JOBS.process, { id: order.id }, scaled(MOVEMENT_DELAYS_MS.process, this.ctx.config.timeScale));
        }
      }
      if (submitted.length === 0) return;
      const at = this.ctx.now().toISOString();
      await tx.ingestHistory.finish(
        referenceId,
        invalid.length
          ? { outcome: 'Unsuccessful', outcomeDetail: 'Invalid', errors: invalid, at }
          : { outcome: 'Processed', outcomeDetail: 'Valid', errors: [], at },
      );
    });
  }

  /** Valid → Processed, or ProcessingError when externalReference contains FAIL. */
  async process(id: string): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      const order = await tx.movementOrders.head(id);
      if (order?.status !== 'Valid') return;
      if (order.movement.externalReference.includes(PROCESSING_FAILURE_MARK)) {
        await this.move(tx, order, 'ProcessingError', [
          {
            errorCode: MOVEMENT_ERROR_CODES.processing,
            errorMessage: `The stock movement could not be booked (sandbox: externalReference contains ${PROCESSING_FAILURE_MARK}).`,
          },
        ]);
      } else await this.move(tx, order, 'Processed');
    });
  }

  /** Processed → Invalidating (sandbox trigger); 409 from any other status. */
  startInvalidation(id: string): Promise<{ id: string; status: MovementOrderStatus }> {
    return this.ctx.store.transaction(async (tx): Promise<{ id: string; status: MovementOrderStatus }> => {
      const order = await tx.movementOrders.head(id);
      if (!order) throw notFound(`No movement order ${id}.`);
      if (order.status !== 'Processed') {
        throw new ProblemError({
          status: 409,
          detail: `Movement order ${id} is ${order.status}; only a Processed movement order can be invalidated.`,
        });
      }
      await this.move(tx, order, 'Invalidating');
      await this.ctx.jobs.enqueueIn(tx, JOBS.invalidate, { id }, scaled(MOVEMENT_DELAYS_MS.invalidate, this.ctx.config.timeScale));
      return { id, status: 'Invalidating' };
    });
  }

  /** Invalidating → Invalidated, or InvalidationRejected when externalReference contains REJECT. */
  async finishInvalidation(id: string): Promise<void> {
    await this.ctx.store.transaction(async (tx) => {
      const order = await tx.movementOrders.head(id);
      if (order?.status !== 'Invalidating') return;
      if (order.movement.externalReference.includes(INVALIDATION_REJECTED_MARK)) {
        await this.move(tx, order, 'InvalidationRejected', [
          {
            errorCode: MOVEMENT_ERROR_CODES.invalidation,
            errorMessage: `The invalidation was rejected: stock of this movement was already used (sandbox: externalReference contains ${INVALIDATION_REJECTED_MARK}).`,
          },
        ]);
      } else await this.move(tx, order, 'Invalidated');
    });
  }
}

/**
 * POST /v1/movementorders (create:wms), deprecated POST /v1/movements (same processing, with
 * Deprecation and Link headers), GET /v1/movementorders/{id} (read:wms), and the sandbox-only
 * trigger POST /_sandbox/movementorders/{id}/invalidate. Tables: store/movement-orders.
 */
export const movementOrdersFeature: SandboxFeature = {
  name: 'movement-orders',
  register(app, ctx) {
    const machine = new MovementOrderMachine(ctx);
    // Validation one ingestion at a time, oldest first: duplicate externalReferences resolve in arrival order.
    ctx.jobs.register(JOBS.validate, async (p) => machine.validate(p.referenceId), 1);
    ctx.jobs.register(JOBS.process, async (p) => machine.process(p.id), 2);
    ctx.jobs.register(JOBS.invalidate, async (p) => machine.finishInvalidation(p.id), 2);

    const accept = async (incoming: IncomingMessage, deprecatedPath: boolean): Promise<string> => {
      const ingestion = movementIngestSchema.parse(incoming.value);
      const referenceId = randomUUID();
      const { tenantId } = incoming;
      await machine.ingest(
        {
          referenceId,
          tenantId,
          version: ingestion.version,
          deprecatedPath,
          movements: ingestion.movements,
          at: receivedAtOf(incoming, ctx.now),
        },
        incoming,
      );
      return referenceId;
    };
    ctx.ingesters.register({ type: 'MovementOrder', xml: MOVEMENT_XML, accept: (incoming) => accept(incoming, false) });

    const ingest = (deprecatedPath: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const value = readMessage(request, MOVEMENT_XML);
      const referenceId = await accept(
        { tenantId: request.principal.tenantId, format: requestFormat(request), value, source: { channel: 'https' } },
        deprecatedPath,
      );
      if (deprecatedPath) reply.header('deprecation', 'true').header('link', '</v1/movementorders>; rel="successor-version"');
      return sendAccepted(request, reply, referenceId);
    };
    app.post(
      '/v1/movementorders',
      { config: { scope: 'create:wms', bodyTypes: XML_MEDIA_TYPES }, onRequest: [requireMessageContentType, requireAcceptableReply] },
      ingest(false),
    );
    app.post(
      '/v1/movements',
      { config: { scope: 'create:wms', bodyTypes: XML_MEDIA_TYPES }, onRequest: [requireMessageContentType, requireAcceptableReply] },
      ingest(true),
    );

    app.get<{ Params: { id: string } }>('/v1/movementorders/:id', { config: { scope: 'read:wms' } }, async (request) => {
      const order = await ctx.store.repos.movementOrders.order(request.params.id);
      if (order?.tenantId !== request.principal.tenantId) throw notFound(`No movement order ${request.params.id}.`);
      return toMovementOrder(order);
    });

    app.post<{ Params: { id: string } }>('/_sandbox/movementorders/:id/invalidate', async (request, reply) => {
      const order = await machine.startInvalidation(request.params.id);
      return reply.code(202).send({ id: order.id, status: order.status });
    });
  },
  async seed(ctx) {
    await ctx.store.transaction((tx) => seedMovementOrders(tx));
  },
};
