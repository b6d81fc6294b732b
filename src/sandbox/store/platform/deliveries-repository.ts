import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DeliveryStatus, PlatformTables, WebhookDeliveriesTable } from './platform-tables.js';

export type { DeliveryStatus } from './platform-tables.js';

/** One event on its way to one subscription: every attempt updates it. */
export interface Delivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  tenantId: string;
  status: DeliveryStatus;
  attempts: number;
  createdAt: number;
  /** eventTime plus the 24-hour retry window (time-scaled): no attempt is made after it. */
  expiresAt: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  completedAt: number | null;
}

export interface NewDelivery {
  subscriptionId: string;
  eventId: string;
  tenantId: string;
  createdAt: number;
  expiresAt: number;
}

export interface AttemptRecord {
  at: number;
  status: number | null;
  error: string | null;
}

export interface DeliveryFilter {
  subscriptionId?: string;
  eventId?: string;
  status?: DeliveryStatus;
  limit: number;
}

/**
 * Webhook deliveries. Every state change is one conditional UPDATE on a pending row, so a
 * delivery cancelled while an attempt was in flight stays cancelled (the update reports false
 * and the worker stops).
 */
export interface DeliveriesRepository {
  /** A pending delivery due now; undefined when this event already has one for this subscription (a repeated fan-out). */
  create(delivery: NewDelivery): Promise<Delivery | undefined>;
  get(id: string): Promise<Delivery | undefined>;
  /** Newest first. */
  list(filter: DeliveryFilter): Promise<Delivery[]>;
  delivered(id: string, attempt: AttemptRecord): Promise<boolean>;
  /** A failed attempt with a next one scheduled. */
  failed(id: string, attempt: AttemptRecord, nextAttemptAt: number): Promise<boolean>;
  /** A failed attempt after which no retry fits the 24-hour window. */
  expiredAfter(id: string, attempt: AttemptRecord): Promise<boolean>;
  /** Ends a pending delivery without an attempt (window already over, subscription or event gone). */
  close(id: string, status: 'expired' | 'cancelled', at: number, reason: string): Promise<boolean>;
  /** Cancels every pending delivery of a deleted subscription; how many. */
  cancelForSubscription(subscriptionId: string, at: number): Promise<number>;
}

const toDelivery = (r: Selectable<WebhookDeliveriesTable>): Delivery => ({
  id: r.id,
  subscriptionId: r.subscription_id,
  eventId: r.event_id,
  tenantId: r.tenant_id,
  status: r.status,
  attempts: r.attempts,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  nextAttemptAt: r.next_attempt_at,
  lastAttemptAt: r.last_attempt_at,
  lastStatus: r.last_status,
  lastError: r.last_error,
  completedAt: r.completed_at,
});

export function deliveriesRepository(db: Kysely<PlatformTables>): DeliveriesRepository {
  const pending = (id: string) => db.updateTable('webhook_deliveries').where('id', '=', id).where('status', '=', 'pending');
  const finishAttempt = async (
    id: string,
    status: DeliveryStatus,
    a: AttemptRecord,
    nextAttemptAt: number | null,
    completedAt: number | null,
  ): Promise<boolean> => {
    const result = await pending(id)
      .set((eb) => ({
        status,
        attempts: eb('attempts', '+', 1),
        last_attempt_at: a.at,
        last_status: a.status,
        last_error: a.error,
        next_attempt_at: nextAttemptAt,
        completed_at: completedAt,
      }))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  };

  return {
    async create(d) {
      const row = await db
        .insertInto('webhook_deliveries')
        .values({
          id: randomUUID(),
          subscription_id: d.subscriptionId,
          event_id: d.eventId,
          tenant_id: d.tenantId,
          status: 'pending',
          created_at: d.createdAt,
          expires_at: d.expiresAt,
          next_attempt_at: d.createdAt,
          last_attempt_at: null,
          last_status: null,
          last_error: null,
          completed_at: null,
        })
        .onConflict((oc) => oc.columns(['event_id', 'subscription_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && toDelivery(row);
    },

    async get(id) {
      const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toDelivery(row);
    },

    async list(filter) {
      let query = db.selectFrom('webhook_deliveries').selectAll();
      if (filter.subscriptionId) query = query.where('subscription_id', '=', filter.subscriptionId);
      if (filter.eventId) query = query.where('event_id', '=', filter.eventId);
      if (filter.status) query = query.where('status', '=', filter.status);
      return (await query.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).execute()).map(toDelivery);
    },

    delivered: (id, attempt) => finishAttempt(id, 'delivered', attempt, null, attempt.at),
    failed: (id, attempt, nextAttemptAt) => finishAttempt(id, 'pending', attempt, nextAttemptAt, null),
    expiredAfter: (id, attempt) => finishAttempt(id, 'expired', attempt, null, attempt.at),

    async close(id, status, at, reason) {
      const result = await pending(id)
        .set((eb) => ({ status, next_attempt_at: null, completed_at: at, last_error: eb.fn.coalesce('last_error', eb.val(reason)) }))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async cancelForSubscription(subscriptionId, at) {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'cancelled', next_attempt_at: null, completed_at: at })
        .where('subscription_id', '=', subscriptionId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
