import { z } from 'zod';
import {
  STATUSES_WITH_ERRORS,
  movementSchema,
  movementValidationErrorSchema,
  type Movement,
  type MovementOrder,
  type MovementOrderStatus,
  type MovementValidationError,
} from '../../contract/movement-orders.js';
import type { Db, SchemaPart } from '../store/db.js';

export const movementOrderSchemaPart: SchemaPart = {
  name: 'movement-orders',
  ddl: `CREATE TABLE IF NOT EXISTS movement_ingestions (
    reference_id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('json', 'xml')),
    version TEXT,
    via_deprecated_path INTEGER NOT NULL DEFAULT 0,
    received_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS movement_orders (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    reference_id TEXT NOT NULL REFERENCES movement_ingestions (reference_id),
    position INTEGER NOT NULL,
    external_reference TEXT NOT NULL,
    movement_type TEXT NOT NULL,
    status TEXT NOT NULL,
    body TEXT NOT NULL,
    validation_errors TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS movement_orders_by_reference ON movement_orders (reference_id, position);
  CREATE INDEX IF NOT EXISTS movement_orders_by_external ON movement_orders (tenant_id, external_reference);`,
  resetTables: ['movement_orders', 'movement_ingestions'],
};

/** Statuses of orders that hold their externalReference: a new order with the same one is a duplicate. */
const HOLDING_STATUSES: readonly MovementOrderStatus[] = ['Valid', 'Processed', 'Invalidating', 'InvalidationRejected'];

/** Id of the n-th movement (1-based) of an ingestion (sandbox default): `{referenceId}-{n}`. */
export const movementOrderId = (referenceId: string, n: number): string => `${referenceId}-${n}`;

interface HeadRow {
  id: string;
  tenant_id: string;
  reference_id: string;
  external_reference: string;
  movement_type: string;
  status: MovementOrderStatus;
}

interface OrderRow extends HeadRow {
  body: string;
  validation_errors: string | null;
}

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

const errorList = z.array(movementValidationErrorSchema);

function toStored(r: OrderRow): StoredOrder {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    referenceId: r.reference_id,
    status: r.status,
    movement: movementSchema.parse(JSON.parse(r.body)),
    validationErrors: r.validation_errors ? errorList.parse(JSON.parse(r.validation_errors)) : [],
  };
}

/** The read model of GET /v1/movementorders/{id}; validationErrors only in the statuses that carry them. */
export function toMovementOrder(o: StoredOrder): MovementOrder {
  const { movementType, movementLines, ...rest } = o.movement;
  return {
    ...rest,
    id: o.id,
    referenceId: o.referenceId,
    type: movementType,
    status: o.status,
    lines: movementLines,
    ...(STATUSES_WITH_ERRORS.includes(o.status) ? { validationErrors: o.validationErrors } : {}),
  };
}

export class MovementOrderStore {
  constructor(private readonly db: Db) {}

  /** Stores an ingestion and its orders (status Submitted, ids from movementOrderId). */
  insertIngestion(i: { referenceId: string; tenantId: string; format: 'json' | 'xml'; version: string | undefined; deprecatedPath: boolean; movements: readonly Movement[]; at: string }): void {
    this.db
      .prepare('INSERT INTO movement_ingestions (reference_id, tenant_id, format, version, via_deprecated_path, received_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(i.referenceId, i.tenantId, i.format, i.version ?? null, i.deprecatedPath ? 1 : 0, i.at);
    const insert = this.db.prepare(
      "INSERT INTO movement_orders (id, tenant_id, reference_id, position, external_reference, movement_type, status, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'Submitted', ?, ?, ?)",
    );
    i.movements.forEach((m, index) => {
      insert.run(movementOrderId(i.referenceId, index + 1), i.tenantId, i.referenceId, index + 1, m.externalReference, m.movementType, JSON.stringify(m), i.at, i.at);
    });
  }

  order(id: string): StoredOrder | undefined {
    const row = this.db.prepare<[string], OrderRow>('SELECT * FROM movement_orders WHERE id = ?').get(id);
    return row && toStored(row);
  }

  /** The order without parsing its lines. */
  head(id: string): OrderHead | undefined {
    const r = this.db
      .prepare<[string], HeadRow>('SELECT id, tenant_id, reference_id, external_reference, movement_type, status FROM movement_orders WHERE id = ?')
      .get(id);
    return r && { id: r.id, tenantId: r.tenant_id, referenceId: r.reference_id, status: r.status, movement: { externalReference: r.external_reference, movementType: r.movement_type } };
  }

  /** Orders of an ingestion still waiting for validation, in message order. */
  submitted(referenceId: string): StoredOrder[] {
    return this.db
      .prepare<[string], OrderRow>("SELECT * FROM movement_orders WHERE reference_id = ? AND status = 'Submitted' ORDER BY position")
      .all(referenceId)
      .map(toStored);
  }

  /** Another order of the tenant holds this externalReference. */
  referenceHeld(tenantId: string, externalReference: string, exceptId: string): boolean {
    const marks = HOLDING_STATUSES.map(() => '?').join(', ');
    return (
      this.db
        .prepare<string[], { id: string }>(`SELECT id FROM movement_orders WHERE tenant_id = ? AND external_reference = ? AND id <> ? AND status IN (${marks}) LIMIT 1`)
        .get(tenantId, externalReference, exceptId, ...HOLDING_STATUSES) !== undefined
    );
  }

  setStatus(id: string, status: MovementOrderStatus, validationErrors: MovementValidationError[], at: string): void {
    this.db
      .prepare('UPDATE movement_orders SET status = ?, validation_errors = ?, updated_at = ? WHERE id = ?')
      .run(status, validationErrors.length ? JSON.stringify(validationErrors) : null, at, id);
  }
}
