import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  DESTINATION_TYPE,
  MASKED_SECRET,
  type DestinationDescription,
  type Subscription,
  type SubscriptionCreate,
  type SubscriptionSummary,
} from '../../contract/subscriptions.js';
import type { Db, SchemaPart } from '../store/db.js';

/**
 * Subscriptions and their delivery log. A deleted subscription is kept (deleted_at set) so its
 * delivery records still point somewhere; it is gone for every /v1 read.
 */
export const subscriptionSchemaPart: SchemaPart = {
  name: 'subscriptions',
  ddl: `CREATE TABLE IF NOT EXISTS subscriptions (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    event_sub_type TEXT,
    destination_type TEXT NOT NULL,
    destination TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    deleted_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS subscriptions_match ON subscriptions (tenant_id, event_type) WHERE deleted_at IS NULL;
  CREATE TABLE IF NOT EXISTS webhook_deliveries (
    id TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id),
    event_id TEXT NOT NULL,
    tenant_id TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'expired', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    next_attempt_at INTEGER,
    last_attempt_at INTEGER,
    last_status INTEGER,
    last_error TEXT,
    completed_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS webhook_deliveries_by_subscription ON webhook_deliveries (subscription_id, created_at);
  CREATE INDEX IF NOT EXISTS webhook_deliveries_by_event ON webhook_deliveries (event_id);`,
  resetTables: ['webhook_deliveries', 'subscriptions'],
};

/** The destination as stored: secrets in clear, because the sandbox must use them to deliver. */
const storedDestinationSchema = z.object({
  destinationUrl: z.string(),
  accessTokenUrl: z.string().optional(),
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  scope: z.string().optional(),
  audience: z.string().optional(),
  additionalHeaders: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type StoredDestination = z.infer<typeof storedDestinationSchema>;

export interface StoredSubscription {
  id: string;
  tenantId: string;
  eventType: string;
  eventSubType?: string;
  destinationType: string;
  destination: StoredDestination;
  createdAt: number;
  deletedAt?: number;
}

interface SubscriptionRow {
  id: string;
  tenant_id: string;
  event_type: string;
  event_sub_type: string | null;
  destination_type: string;
  destination: string;
  created_at: number;
  deleted_at: number | null;
}

const COLUMNS = 'id, tenant_id, event_type, event_sub_type, destination_type, destination, created_at, deleted_at';

function fromRow(row: SubscriptionRow): StoredSubscription {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    eventType: row.event_type,
    ...(row.event_sub_type !== null ? { eventSubType: row.event_sub_type } : {}),
    destinationType: row.destination_type,
    destination: storedDestinationSchema.parse(JSON.parse(row.destination)),
    createdAt: row.created_at,
    ...(row.deleted_at !== null ? { deletedAt: row.deleted_at } : {}),
  };
}

/** Drops nulls (read as absent) so the stored form has only what was given. */
function toStored(d: DestinationDescription): StoredDestination {
  const out: StoredDestination = { destinationUrl: d.destinationUrl, additionalHeaders: (d.additionalHeaders ?? []).map((h) => ({ name: h.name, value: h.value })) };
  if (d.accessTokenUrl) out.accessTokenUrl = d.accessTokenUrl;
  if (d.clientId) out.clientId = d.clientId;
  if (d.clientSecret) out.clientSecret = d.clientSecret;
  if (d.scope) out.scope = d.scope;
  if (d.audience) out.audience = d.audience;
  return out;
}

export class SubscriptionStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  create(tenantId: string, body: SubscriptionCreate): StoredSubscription {
    const sub: StoredSubscription = {
      id: randomUUID(),
      tenantId,
      eventType: body.eventType,
      ...(body.eventSubType ? { eventSubType: body.eventSubType } : {}),
      destinationType: DESTINATION_TYPE,
      destination: toStored(body.destinationDescription),
      createdAt: this.now(),
    };
    this.db
      .prepare('INSERT INTO subscriptions (id, tenant_id, event_type, event_sub_type, destination_type, destination, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(sub.id, tenantId, sub.eventType, sub.eventSubType ?? null, sub.destinationType, JSON.stringify(sub.destination), sub.createdAt);
    return sub;
  }

  /** An active subscription of the tenant (undefined when absent, deleted or another tenant's). */
  find(tenantId: string, id: string): StoredSubscription | undefined {
    const row = this.db
      .prepare<[string, string], SubscriptionRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE id = ? AND tenant_id = ? AND deleted_at IS NULL`)
      .get(id, tenantId);
    return row ? fromRow(row) : undefined;
  }

  /** Any subscription, deleted ones included (delivery worker). */
  get(id: string): StoredSubscription | undefined {
    const row = this.db.prepare<[string], SubscriptionRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE id = ?`).get(id);
    return row ? fromRow(row) : undefined;
  }

  listActive(tenantId: string): StoredSubscription[] {
    return this.db
      .prepare<[string], SubscriptionRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE tenant_id = ? AND deleted_at IS NULL ORDER BY created_at, id`)
      .all(tenantId)
      .map(fromRow);
  }

  /** Active subscriptions an event goes to: same tenant and type, and the same subtype or none. */
  matching(tenantId: string, eventType: string, eventSubType: string): StoredSubscription[] {
    return this.db
      .prepare<[string, string, string], SubscriptionRow>(
        `SELECT ${COLUMNS} FROM subscriptions WHERE tenant_id = ? AND event_type = ? AND deleted_at IS NULL AND (event_sub_type IS NULL OR event_sub_type = ?) ORDER BY created_at, id`,
      )
      .all(tenantId, eventType, eventSubType)
      .map(fromRow);
  }

  /** Soft delete; false when there was no active subscription of that tenant. */
  delete(tenantId: string, id: string): boolean {
    return this.db.prepare('UPDATE subscriptions SET deleted_at = ? WHERE id = ? AND tenant_id = ? AND deleted_at IS NULL').run(this.now(), id, tenantId).changes > 0;
  }
}

/** 201 answer and list element: no destination details (specification, Subscriptions). */
export function toSummary(sub: StoredSubscription): SubscriptionSummary {
  return {
    id: sub.id,
    eventType: sub.eventType,
    ...(sub.eventSubType ? { eventSubType: sub.eventSubType } : {}),
    subscriptionDestination: { destinationType: sub.destinationType },
  };
}

/** Single read: with destination details, clientSecret and every additional header value masked. */
export function toResource(sub: StoredSubscription): Subscription {
  const d = sub.destination;
  return {
    ...toSummary(sub),
    destinationDescription: {
      destinationUrl: d.destinationUrl,
      ...(d.accessTokenUrl ? { accessTokenUrl: d.accessTokenUrl } : {}),
      ...(d.clientId ? { clientId: d.clientId } : {}),
      ...(d.clientSecret ? { clientSecret: MASKED_SECRET } : {}),
      ...(d.scope ? { scope: d.scope } : {}),
      ...(d.audience ? { audience: d.audience } : {}),
      additionalHeaders: d.additionalHeaders.map((h) => ({ name: h.name, value: MASKED_SECRET })),
    },
  };
}
