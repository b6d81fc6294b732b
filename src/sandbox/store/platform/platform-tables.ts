import type { Generated } from 'kysely';

/** Tables of the sandbox platform (migration 0001-platform): tenants, the job queue, events, webhooks, the issuer's storage. */
export interface PlatformTables {
  tenants: TenantsTable;
  jobs: JobsTable;
  events: EventsTable;
  subscriptions: SubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  oidc_store: OidcStoreTable;
}

export interface TenantsTable {
  tenant_id: string;
  name: string;
  /** JSON array of jurisdictions. */
  classification_jurisdictions: string;
  credits: number;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON document. */
  payload: string;
  /** Epoch ms when due; while running, when it was claimed. */
  run_at: number;
  attempts: Generated<number>;
  status: Generated<JobStatus>;
  last_error: string | null;
  created_at: number;
}

export interface EventsTable {
  id: string;
  tenant_id: string;
  event_time: string;
  event_type: string;
  event_sub_type: string | null;
  /** JSON object. */
  data: string;
  /** Publication order, assigned by the database (a sequence on PostgreSQL, MAX + 1 in the INSERT on SQLite). */
  seq: Generated<number>;
  plant_id: string | null;
}

export interface SubscriptionsTable {
  id: string;
  tenant_id: string;
  event_type: string;
  event_sub_type: string | null;
  destination_type: string;
  /** JSON: the destination with its secrets, which the sandbox needs to deliver. */
  destination: string;
  created_at: number;
  deleted_at: number | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'expired' | 'cancelled';

export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  event_id: string;
  tenant_id: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  completed_at: number | null;
}

export interface OidcStoreTable {
  model: string;
  id: string;
  /** JSON: oidc-provider's own record. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
}
