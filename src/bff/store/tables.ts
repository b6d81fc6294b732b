import type { Generated } from 'kysely';

/** The BFF's tables as Kysely sees them; `migrations/` creates them. Column names are the tables' own (snake_case). */
export interface BffTables {
  bff_meta: MetaTable;
  audit_log: AuditLogTable;
  event_inbox: EventInboxTable;
  live_subscriptions: LiveSubscriptionsTable;
  created_movement_orders: CreatedMovementOrdersTable;
}

/** Small settings shared by every replica (the generated webhook secret). */
export interface MetaTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  time: string;
  sub: string;
  name: string;
  role: string;
  method: string;
  path: string;
  operation: string;
  upstream_status: number | null;
  reference_id: string | null;
  request_id: string;
}

export interface EventInboxTable {
  /** Order of first receipt, assigned by the database; what /api/live sends in and Last-Event-ID refers to. */
  seq: Generated<number>;
  /** The envelope id: one row per id, whichever replica received it. */
  id: string;
  event_type: string;
  event_sub_type: string | null;
  declaration_id: string | null;
  event_time: string;
  /** eventTime as epoch milliseconds: the ISO strings vary in precision and offset, so they do not sort as text. */
  event_ms: number;
  received_at: string;
  /** The envelope as one line of JSON. */
  envelope: string;
}

/** The webhook subscriptions the BFF created upstream (only these are ever deleted). */
export interface LiveSubscriptionsTable {
  id: string;
  event_type: string;
  destination_url: string;
  secret_fingerprint: string;
  created_at: string;
}

/** Movement order messages accepted (202) through the BFF's proxy: the console's list, since the API has none. */
export interface CreatedMovementOrdersTable {
  reference_id: string;
  created_at: string;
  sub: string;
  name: string;
  /** JSON array of strings, one per movement. */
  external_references: string;
  /** JSON array of strings, one per movement. */
  movement_types: string;
  line_count: number;
}
