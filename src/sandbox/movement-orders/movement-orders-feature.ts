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
import { ProblemError, notFound } from '../http/problem.js';
import { readMessage, requireMessageContentType, scaled, sendAccepted, type XmlShape } from '../http/message-body.js';
import { seedMovementOrders } from './movement-order-seed.js';
import { MovementOrderStore, movementOrderId, movementOrderSchemaPart, toMovementOrder, type OrderHead } from './movement-order-store.js';

/** Sandbox default delays (divided by timeScale): Submitted → validated, Valid → processed, Invalidating → outcome. */
export const MOVEMENT_DELAYS_MS = { validate: 2000, process: 3000, invalidate: 2000 } as const;
/** Deterministic triggers (sandbox default), matched in externalReference. */
export const PROCESSING_FAILURE_MARK = 'FAIL';
export const INVALIDATION_REJECTED_MARK = 'REJECT';

const JOBS = { validate: 'movement-order.validate', process: 'movement-order.process', invalidate: 'movement-order.invalidate' } as const;

const MOVEMENT_XML: XmlShape = {
  lists: new Set(['movements', 'movementLines', 'writeOffRules', 'quantities']),
  numbers: new Set(['quantity', 'asv', 'arcSequenceNumber']),
  booleans: new Set(['isOfPreferentialOrigin']),
};

/** What an event needs to know about an order. */
type OrderRef = Omit<OrderHead, 'status'>;

const referencePayload = z.object({ referenceId: z.string() });
const orderPayload = z.object({ id: z.string() });

class MovementOrderMachine {
  constructor(
    private readonly ctx: SandboxContext,
    private readonly store: MovementOrderStore,
  ) {}

  /** Every status change is stored with its event (MovementOrderStatusChanged, subtype = new status). */
  private move(order: OrderRef, status: MovementOrderStatus, validationErrors: MovementValidationError[] = []): void {
    this.store.setStatus(order.id, status, validationErrors, this.ctx.now().toISOString());
    this.publish(order, status, validationErrors);
  }

  private publish(order: OrderRef, status: MovementOrderStatus, validationErrors: MovementValidationError[] = []): void {
    const data: MovementOrderEventData = {
      id: order.id,
      externalReference: order.movement.externalReference,
      type: order.movement.movementType,
      status,
      ingestionReferences: [order.referenceId],
      ...(validationErrors.length ? { validationErrors } : {}),
    };
    this.ctx.events.publish({ tenantId: order.tenantId, eventType: MOVEMENT_ORDER_EVENT_TYPE, eventSubType: status, data });
  }

  /** The event of a new order, stored as Submitted by the ingestion. */
  announceSubmitted(order: OrderRef): void {
    this.publish(order, 'Submitted');
  }

  /** Submitted → Invalid (rule errors) | MissingDensity | Valid (then processing is scheduled). */
  validate(referenceId: string): void {
    this.ctx.db.transaction(() => {
      for (const order of this.store.submitted(referenceId)) {
        const errors = movementRuleErrors(order.movement);
        if (this.store.referenceHeld(order.tenantId, order.movement.externalReference, order.id)) {
          errors.push({ errorCode: MOVEMENT_ERROR_CODES.duplicateReference, errorMessage: `externalReference ${order.movement.externalReference} is already used by another movement order.` });
        }
        if (errors.length) this.move(order, 'Invalid', errors);
        else if (lineMissingDensity(order.movement) >= 0) this.move(order, 'MissingDensity');
        else {
          this.move(order, 'Valid');
          this.ctx.jobs.enqueue(JOBS.process, { id: order.id }, scaled(MOVEMENT_DELAYS_MS.process, this.ctx.config.timeScale));
        }
      }
    })();
  }

  /** Valid → Processed, or ProcessingError when externalReference contains FAIL. */
  process(id: string): void {
    this.ctx.db.transaction(() => {
      const order = this.store.head(id);
      if (order?.status !== 'Valid') return;
      if (order.movement.externalReference.includes(PROCESSING_FAILURE_MARK)) {
        this.move(order, 'ProcessingError', [
          { errorCode: MOVEMENT_ERROR_CODES.processing, errorMessage: `The stock movement could not be booked (sandbox: externalReference contains ${PROCESSING_FAILURE_MARK}).` },
        ]);
      } else this.move(order, 'Processed');
    })();
  }

  /** Processed → Invalidating (sandbox trigger); 409 from any other status. */
  startInvalidation(id: string): { id: string; status: MovementOrderStatus } {
    return this.ctx.db.transaction((): { id: string; status: MovementOrderStatus } => {
      const order = this.store.head(id);
      if (!order) throw notFound(`No movement order ${id}.`);
      if (order.status !== 'Processed') {
        throw new ProblemError({ status: 409, detail: `Movement order ${id} is ${order.status}; only a Processed movement order can be invalidated.` });
      }
      this.move(order, 'Invalidating');
      this.ctx.jobs.enqueue(JOBS.invalidate, { id }, scaled(MOVEMENT_DELAYS_MS.invalidate, this.ctx.config.timeScale));
      return { id, status: 'Invalidating' };
    })();
  }

  /** Invalidating → Invalidated, or InvalidationRejected when externalReference contains REJECT. */
  finishInvalidation(id: string): void {
    this.ctx.db.transaction(() => {
      const order = this.store.head(id);
      if (order?.status !== 'Invalidating') return;
      if (order.movement.externalReference.includes(INVALIDATION_REJECTED_MARK)) {
        this.move(order, 'InvalidationRejected', [
          { errorCode: MOVEMENT_ERROR_CODES.invalidation, errorMessage: `The invalidation was rejected: stock of this movement was already used (sandbox: externalReference contains ${INVALIDATION_REJECTED_MARK}).` },
        ]);
      } else this.move(order, 'Invalidated');
    })();
  }
}

/**
 * POST /v1/movementorders (create:wms), deprecated POST /v1/movements (same processing, with
 * Deprecation and Link headers), GET /v1/movementorders/{id} (read:wms), and the sandbox-only
 * trigger POST /_sandbox/movementorders/{id}/invalidate.
 */
export const movementOrdersFeature: SandboxFeature = {
  name: 'movement-orders',
  schema: [movementOrderSchemaPart],
  register(app, ctx) {
    const store = new MovementOrderStore(ctx.db);
    const machine = new MovementOrderMachine(ctx, store);
    // Validation one ingestion at a time, oldest first: duplicate externalReferences resolve in arrival order.
    ctx.jobs.register(JOBS.validate, async (p) => machine.validate(referencePayload.parse(p).referenceId), 1);
    ctx.jobs.register(JOBS.process, async (p) => machine.process(orderPayload.parse(p).id), 2);
    ctx.jobs.register(JOBS.invalidate, async (p) => machine.finishInvalidation(orderPayload.parse(p).id), 2);

    const ingest = (deprecatedPath: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const ingestion = movementIngestSchema.parse(readMessage(request, MOVEMENT_XML));
      const referenceId = randomUUID();
      ctx.db.transaction(() => {
        const tenantId = request.principal.tenantId;
        store.insertIngestion({
          referenceId,
          tenantId,
          format: typeof request.body === 'string' ? 'xml' : 'json',
          version: ingestion.version,
          deprecatedPath,
          movements: ingestion.movements,
          at: ctx.now().toISOString(),
        });
        ingestion.movements.forEach((movement, i) => machine.announceSubmitted({ id: movementOrderId(referenceId, i + 1), tenantId, referenceId, movement }));
        ctx.jobs.enqueue(JOBS.validate, { referenceId }, scaled(MOVEMENT_DELAYS_MS.validate, ctx.config.timeScale));
      })();
      if (deprecatedPath) reply.header('deprecation', 'true').header('link', '</v1/movementorders>; rel="successor-version"');
      return sendAccepted(request, reply, referenceId);
    };
    app.post('/v1/movementorders', { config: { scope: 'create:wms' }, onRequest: requireMessageContentType }, ingest(false));
    app.post('/v1/movements', { config: { scope: 'create:wms' }, onRequest: requireMessageContentType }, ingest(true));

    app.get<{ Params: { id: string } }>('/v1/movementorders/:id', { config: { scope: 'read:wms' } }, async (request) => {
      const order = store.order(request.params.id);
      if (order?.tenantId !== request.principal.tenantId) throw notFound(`No movement order ${request.params.id}.`);
      return toMovementOrder(order);
    });

    app.post<{ Params: { id: string } }>('/_sandbox/movementorders/:id/invalidate', async (request, reply) => {
      const order = machine.startInvalidation(request.params.id);
      return reply.code(202).send({ id: order.id, status: order.status });
    });
  },
  seed(ctx) {
    ctx.db.transaction(() => seedMovementOrders(new MovementOrderStore(ctx.db)))();
  },
};
