import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  movementSchema,
  movementValidationErrorSchema,
  type Movement,
  type MovementOrderStatus,
  type MovementValidationError,
} from '../../../contract/movement-orders.js';
import { atomically } from '../atomically.js';
import type { MovementOrderTables } from './movement-order-tables.js';

/** Statuses of orders that hold their externalReference: a new order with the same one is a duplicate. */
const HOLDING_STATUSES: readonly MovementOrderStatus[] = ['Valid', 'Processed', 'Invalidating', 'InvalidationRejected'];

/** Id of the n-th movement (1-based) of an ingestion (sandbox default): `{referenceId}-{n}`. */
export const movementOrderId = (referenceId: string, n: number): string => `${referenceId}-${n}`;

/** An order without its lines: enough for a status change and its event. */
export interface OrderHead {
  id: string;
  tenantId: string;
  referenceId: string;
  status: MovementOrderStatus;
  movement: Pick<Movement, 'externalReference' | 'movementType'>;
}

export interface StoredOrder {
  id: string;
  tenantId: string;
  referenceId: string;
  status: MovementOrderStatus;
  movement: Movement;
  validationErrors: MovementValidationError[];
}

/** The movements of one accepted message (the message itself is in the ingest history). */
export interface NewOrders {
  referenceId: string;
  tenantId: string;
  movements: readonly Movement[];
  at: string;
}

/** The movement orders (one per movement) that movement messages create. */
export interface MovementOrderRepository {
  /** Stores a message's orders (status Submitted, ids from movementOrderId), all or nothing. */
  insertOrders(i: NewOrders): Promise<void>;
  order(id: string): Promise<StoredOrder | undefined>;
  /** The order without parsing its lines. */
  head(id: string): Promise<OrderHead | undefined>;
  /** Orders of an ingestion still waiting for validation, in message order. */
  submitted(referenceId: string): Promise<StoredOrder[]>;
  /** Another order of the tenant holds this externalReference. */
  referenceHeld(tenantId: string, externalReference: string, exceptId: string): Promise<boolean>;
  /** Sets the status; validationErrors replace the previous ones (none: cleared). */
  setStatus(id: string, status: MovementOrderStatus, validationErrors: readonly MovementValidationError[], at: string): Promise<void>;
  /** Ids of a tenant's orders, sorted. */
  orderIds(tenantId: string): Promise<string[]>;
}

/**
 * Orders per INSERT statement: 11 values a row stays far below SQLite's 32,766 and
 * PostgreSQL's 65,535 bind parameters, and one round trip carries many movements.
 */
const ORDERS_PER_INSERT = 500;

const errorList = z.array(movementValidationErrorSchema);
const parseJson = (text: string): unknown => JSON.parse(text);

type OrderRow = Pick<MovementOrderTables['movement_orders'], 'id' | 'tenant_id' | 'reference_id' | 'status' | 'body' | 'validation_errors'>;

function toStored(r: OrderRow): StoredOrder {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    referenceId: r.reference_id,
    status: r.status,
    movement: movementSchema.parse(parseJson(r.body)),
    validationErrors: r.validation_errors ? errorList.parse(parseJson(r.validation_errors)) : [],
  };
}

const ORDER_COLUMNS = ['id', 'tenant_id', 'reference_id', 'status', 'body', 'validation_errors'] as const;

export function movementOrderRepository(db: Kysely<MovementOrderTables>): MovementOrderRepository {
  return {
    insertOrders(i: NewOrders): Promise<void> {
      return atomically(db, async (db) => {
        const rows = i.movements.map((m, index): MovementOrderTables['movement_orders'] => ({
          id: movementOrderId(i.referenceId, index + 1),
          tenant_id: i.tenantId,
          reference_id: i.referenceId,
          position: index + 1,
          external_reference: m.externalReference,
          movement_type: m.movementType,
          status: 'Submitted',
          body: JSON.stringify(m),
          validation_errors: null,
          created_at: i.at,
          updated_at: i.at,
        }));
        for (let start = 0; start < rows.length; start += ORDERS_PER_INSERT) {
          await db
            .insertInto('movement_orders')
            .values(rows.slice(start, start + ORDERS_PER_INSERT))
            .execute();
        }
      });
    },

    async order(id: string): Promise<StoredOrder | undefined> {
      const row = await db.selectFrom('movement_orders').select(ORDER_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toStored(row);
    },

    async head(id: string): Promise<OrderHead | undefined> {
      const r = await db
        .selectFrom('movement_orders')
        .select(['id', 'tenant_id', 'reference_id', 'external_reference', 'movement_type', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        r && {
          id: r.id,
          tenantId: r.tenant_id,
          referenceId: r.reference_id,
          status: r.status,
          movement: { externalReference: r.external_reference, movementType: r.movement_type },
        }
      );
    },

    async submitted(referenceId: string): Promise<StoredOrder[]> {
      const rows = await db
        .selectFrom('movement_orders')
        .select(ORDER_COLUMNS)
        .where('reference_id', '=', referenceId)
        .where('status', '=', 'Submitted')
        .orderBy('position')
        .execute();
      return rows.map(toStored);
    },

    async referenceHeld(tenantId: string, externalReference: string, exceptId: string): Promise<boolean> {
      const row = await db
        .selectFrom('movement_orders')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('external_reference', '=', externalReference)
        .where('id', '<>', exceptId)
        .where('status', 'in', HOLDING_STATUSES)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async setStatus(
      id: string,
      status: MovementOrderStatus,
      validationErrors: readonly MovementValidationError[],
      at: string,
    ): Promise<void> {
      await db
        .updateTable('movement_orders')
        .set({ status, validation_errors: validationErrors.length ? JSON.stringify(validationErrors) : null, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async orderIds(tenantId: string): Promise<string[]> {
      const rows = await db.selectFrom('movement_orders').select('id').where('tenant_id', '=', tenantId).orderBy('id').execute();
      return rows.map((r) => r.id);
    },
  };
}
