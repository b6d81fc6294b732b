import type { Generated } from 'kysely';

/** The tables of migration 0018 (alerts). JSON arrays are stored as text. */
export interface AlertRulesTable {
  id: Generated<number>;
  name: string;
  /** personal | team. */
  scope: string;
  /** Who manages a personal rule ('' for the default team rule). */
  owner_sub: string;
  created_by: string;
  event_type: string;
  event_sub_types: string;
  customs_flow: string | null;
  jurisdiction: string | null;
  office: string | null;
  direction: string | null;
  /** role | user | owner (the declaration's owner; recipient ''). */
  recipient_kind: string;
  recipient: string;
  channels: string;
  webhook_url: string | null;
  enabled: number;
  created_at: string;
  /** 1: only declarations the recipient owns (migration 0019). */
  mine_only: Generated<number>;
  /** 1: e-mail once a day as a digest rather than per alert (migration 0019). */
  digest: Generated<number>;
}

/** A daily digest claimed (and sent) for a user and UTC day (migration 0019). */
export interface AlertDigestsTable {
  user_sub: string;
  day: string;
  claimed_at: string;
}

export interface AlertsTable {
  id: Generated<number>;
  event_id: string;
  rule_id: number;
  rule_name: string;
  recipient_kind: string;
  recipient: string;
  /** 1 when shown in the console's notification centre. */
  console: number;
  title: string;
  event_type: string;
  event_sub_type: string | null;
  event_time: string;
  declaration_id: string | null;
  lrn: string | null;
  created_at: string;
}

export interface AlertReadsTable {
  alert_id: number;
  user_sub: string;
  read_at: string;
}

export interface AlertDeliveriesTable {
  id: Generated<number>;
  alert_id: number;
  channel: string;
  destination: string;
  subject: string;
  body: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  /** A replica sending it holds it until then. */
  lease_until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

export interface AlertUsersTable {
  sub: string;
  name: string;
  email: string | null;
  roles: string;
  seen_at: string;
}
