import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'expired' | 'cancelled';

/** One event on its way to one subscription: every attempt updates it (tables in subscription-store.ts). */
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

interface DeliveryRow {
  id: string;
  subscription_id: string;
  event_id: string;
  tenant_id: string;
  status: DeliveryStatus;
  attempts: number;
  created_at: number;
  expires_at: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  completed_at: number | null;
}

const fromRow = (r: DeliveryRow): Delivery => ({
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
 * Every state change is one conditional UPDATE on a pending row, so a delivery cancelled while an
 * attempt was in flight stays cancelled (the update reports false and the worker stops).
 */
export class DeliveryStore {
  constructor(private readonly db: Db) {}

  create(subscriptionId: string, eventId: string, tenantId: string, createdAt: number, expiresAt: number): Delivery {
    const id = randomUUID();
    this.db
      .prepare('INSERT INTO webhook_deliveries (id, subscription_id, event_id, tenant_id, status, created_at, expires_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(id, subscriptionId, eventId, tenantId, 'pending', createdAt, expiresAt, createdAt);
    const created = this.get(id);
    if (!created) throw new Error(`delivery ${id} vanished`);
    return created;
  }

  get(id: string): Delivery | undefined {
    const row = this.db.prepare<[string], DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = ?').get(id);
    return row ? fromRow(row) : undefined;
  }

  list(filter: DeliveryFilter): Delivery[] {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (filter.subscriptionId) {
      where.push('subscription_id = ?');
      params.push(filter.subscriptionId);
    }
    if (filter.eventId) {
      where.push('event_id = ?');
      params.push(filter.eventId);
    }
    if (filter.status) {
      where.push('status = ?');
      params.push(filter.status);
    }
    params.push(filter.limit);
    const sql = `SELECT * FROM webhook_deliveries ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id LIMIT ?`;
    return this.db.prepare<(string | number)[], DeliveryRow>(sql).all(...params).map(fromRow);
  }

  delivered(id: string, attempt: AttemptRecord): boolean {
    return this.finishAttempt(id, 'delivered', attempt, null, attempt.at);
  }

  /** A failed attempt with a next one scheduled. */
  failed(id: string, attempt: AttemptRecord, nextAttemptAt: number): boolean {
    return this.finishAttempt(id, 'pending', attempt, nextAttemptAt, null);
  }

  /** A failed attempt after which no retry fits the 24-hour window. */
  expiredAfter(id: string, attempt: AttemptRecord): boolean {
    return this.finishAttempt(id, 'expired', attempt, null, attempt.at);
  }

  /** Ends a pending delivery without an attempt (window already over, subscription or event gone). */
  close(id: string, status: 'expired' | 'cancelled', at: number, reason: string): boolean {
    return (
      this.db
        .prepare("UPDATE webhook_deliveries SET status = ?, next_attempt_at = NULL, completed_at = ?, last_error = COALESCE(last_error, ?) WHERE id = ? AND status = 'pending'")
        .run(status, at, reason, id).changes > 0
    );
  }

  /** Cancels every pending delivery of a deleted subscription. */
  cancelForSubscription(subscriptionId: string, at: number): number {
    return this.db
      .prepare("UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, completed_at = ? WHERE subscription_id = ? AND status = 'pending'")
      .run(at, subscriptionId).changes;
  }

  private finishAttempt(id: string, status: DeliveryStatus, a: AttemptRecord, nextAttemptAt: number | null, completedAt: number | null): boolean {
    return (
      this.db
        .prepare(
          "UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, last_attempt_at = ?, last_status = ?, last_error = ?, next_attempt_at = ?, completed_at = ? WHERE id = ? AND status = 'pending'",
        )
        .run(status, a.at, a.status, a.error, nextAttemptAt, completedAt, id).changes > 0
    );
  }
}
