import { STATUSES_WITH_ERRORS, type MovementOrder } from '../../contract/movement-orders.js';
import type { StoredOrder } from '../store/movement-orders/movement-order-repository.js';

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
