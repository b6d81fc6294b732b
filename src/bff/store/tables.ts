import type { ColumnType, Generated } from 'kysely';
import type {
  AlertDeliveriesTable,
  AlertDigestsTable,
  AlertReadsTable,
  AlertRulesTable,
  AlertsTable,
  AlertUsersTable,
} from './alert-tables.js';

/** The BFF's tables as Kysely sees them; `migrations/` creates them. Column names are the tables' own (snake_case). */
export interface BffTables {
  bff_meta: MetaTable;
  audit_log: AuditLogTable;
  event_inbox: EventInboxTable;
  live_subscriptions: LiveSubscriptionsTable;
  classification_runs: ClassificationRunsTable;
  classification_decisions: ClassificationDecisionsTable;
  error_index_declarations: ErrorIndexDeclarationsTable;
  error_index: ErrorIndexTable;
  error_index_rebuilds: ErrorIndexRebuildsTable;
  error_notes: ErrorNotesTable;
  bulk_runs: BulkRunsTable;
  created_movement_orders: CreatedMovementOrdersTable;
  declaration_changes: DeclarationChangesTable;
  rate_limit_buckets: RateLimitBucketsTable;
  alert_rules: AlertRulesTable;
  alerts: AlertsTable;
  alert_reads: AlertReadsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_users: AlertUsersTable;
  alert_digests: AlertDigestsTable;
  declaration_facts: DeclarationFactsTable;
  assignments: AssignmentsTable;
  assignment_changes: AssignmentChangesTable;
  people: PeopleTable;
  approval_requests: ApprovalRequestsTable;
  health_incidents: HealthIncidentsTable;
  user_preferences: UserPreferencesTable;
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
  /** AuditOutcome; 'pending' from the intent until the call completes (migration 0002). */
  outcome: Generated<string>;
  /** What the browser was answered (migration 0002). */
  status: number | null;
  /** A call sent on approval: who approved it (migration 0016). */
  approved_by_sub: ColumnType<string | null, string | null | undefined, string | null>;
  approved_by_name: ColumnType<string | null, string | null | undefined, string | null>;
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

/** Classification runs started through the BFF (the service keeps no run list), with the last status and result summary it saw. */
export interface ClassificationRunsTable {
  run_id: string;
  item_id: string;
  item_reference: string | null;
  jurisdiction: string;
  code: string | null;
  assigned_code: string | null;
  started_by_sub: string;
  started_by_name: string;
  started_at: string;
  status: string;
  best_code: string | null;
  best_score: number | null;
  assigned_score: number | null;
  /** 0/1: the best code beats the assigned one. */
  better: number;
  updated_at: string;
}

/** Analysts' decisions on better suggestions, append-only: the latest per item and jurisdiction counts. */
export interface ClassificationDecisionsTable {
  id: Generated<number>;
  run_id: string;
  item_id: string;
  item_reference: string | null;
  jurisdiction: string;
  assigned_code: string | null;
  assigned_score: number | null;
  proposed_code: string;
  proposed_score: number | null;
  decision: string;
  comment: string;
  decided_by_sub: string;
  decided_by_name: string;
  decided_at: string;
}

/** Review desk (migration 0010): the declarations in the error index, as last read. */
export interface ErrorIndexDeclarationsTable {
  declaration_id: string;
  lrn: string;
  current_status: string;
  customs_flow: string;
  last_updated: string;
  indexed_at: string;
}

/** One row per declaration, error code, field path ('' for none) and flow. */
export interface ErrorIndexTable {
  declaration_id: string;
  error_code: string;
  field_path: string;
  customs_flow: string;
  field_name: string;
  message: string;
}

export interface ErrorIndexRebuildsTable {
  id: Generated<number>;
  status: string;
  started_at: string;
  started_by: string;
  finished_at: string | null;
  pages: number;
  found: number;
  indexed: number;
  error: string | null;
}

export interface ErrorNotesTable {
  id: Generated<number>;
  error_code: string;
  text: string;
  author_sub: string;
  author_name: string;
  created_at: string;
}

export interface BulkRunsTable {
  id: Generated<number>;
  action: string;
  started_by_sub: string;
  started_by: string;
  started_at: string;
  finished_at: string;
  /** 0/1. */
  cancelled: number;
  /** JSON array of row outcomes. */
  rows: string;
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

/** A header or goods item change made through the console. */
export interface DeclarationChangesTable {
  id: Generated<number>;
  declaration_id: string;
  item_id: string | null;
  operation: string;
  changed_at: string;
  author_sub: string;
  author_name: string;
  sent: string;
  before: string | null;
  upstream_status: number | null;
}

/** A token bucket of the per-user rate limit (migration 0013). */
export interface RateLimitBucketsTable {
  /** Tenant, user and operation class. */
  bucket: string;
  tokens: number;
  /** Epoch milliseconds of the last take. */
  updated_ms: number;
  /** 1 when the last take got a token. */
  granted: number;
}

/** The dashboard's facts per declaration (migration 0015); times are epoch milliseconds, days UTC YYYY-MM-DD. */
export interface DeclarationFactsTable {
  declaration_id: string;
  lrn: string | null;
  customs_flow: string;
  jurisdiction: string;
  direction: string | null;
  office: string | null;
  current_status: string;
  status_ms: number;
  lodged_ms: number;
  lodged_day: string;
  accepted_ms: number | null;
  released_ms: number | null;
  rejected_ms: number | null;
  rejected_day: string | null;
  fixed_ms: number | null;
  rejections: number;
  source: string;
}

/** The current owner of a declaration (migration 0014). */
export interface AssignmentsTable {
  declaration_id: string;
  owner_sub: string;
  owner_name: string;
  assigned_by_sub: string;
  assigned_by_name: string;
  assigned_at: string;
}

/** Each assign, reassign and unassign, append-only. */
export interface AssignmentChangesTable {
  id: Generated<number>;
  declaration_id: string;
  /** AssignmentAction. */
  action: string;
  owner_sub: string | null;
  owner_name: string | null;
  previous_owner_name: string | null;
  by_sub: string;
  by_name: string;
  at: string;
}

/** The users the BFF has seen sign in (the person picker). */
export interface PeopleTable {
  sub: string;
  name: string;
  /** Space-separated console roles. */
  roles: string;
  last_seen_at: string;
}

/** A write held for approval (migration 0016); rule and facts are JSON, the body as sent (UTF-8 text). */
export interface ApprovalRequestsTable {
  id: string;
  operation: string;
  declaration_id: string;
  method: string;
  target: string;
  path: string;
  content_type: string | null;
  body: string | null;
  requester_sub: string;
  requester_name: string;
  /** JSON array of roles. */
  requester_roles: string;
  created_at: string;
  expires_at: string;
  /** ApprovalStatus. */
  status: string;
  rule: string;
  facts: string;
  decided_by_sub: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  comment: string | null;
  upstream_status: number | null;
  reference_id: string | null;
  outcome_detail: string | null;
}

/** Events silent, the service failing (migration 0020): one open per kind (`open_kind`, null once closed). */
export interface HealthIncidentsTable {
  id: Generated<number>;
  kind: string;
  open_kind: string | null;
  opened_at: string;
  closed_at: string | null;
  since: string;
  last_event_at: string | null;
  last_error: string | null;
}

/** Each user's own choices (migration 0021). */
export interface UserPreferencesTable {
  sub: string;
  language: string | null;
  updated_at: string;
}
