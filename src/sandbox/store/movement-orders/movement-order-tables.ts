import type { MovementOrderStatus } from '../../../contract/movement-orders.js';

/** Tables of the movement orders part (migration 0003-messages). JSON documents are stored as text. */
export interface MovementOrderTables {
  /** One row per movement of a message. */
  movement_orders: {
    /** `{referenceId}-{position}`. */
    id: string;
    tenant_id: string;
    reference_id: string;
    /** 1-based position of the movement in its message. */
    position: number;
    external_reference: string;
    movement_type: string;
    status: MovementOrderStatus;
    /** The movement as sent, lines included. */
    body: string;
    /** JSON array of {errorCode, errorMessage}; null when there are none. */
    validation_errors: string | null;
    created_at: string;
    updated_at: string;
  };
}
