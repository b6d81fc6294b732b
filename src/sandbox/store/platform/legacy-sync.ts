import type { Db } from '../db.js';
import type { EventEnvelope } from './events-repository.js';
import type { NewJob } from './jobs-repository.js';
import { toTenant, type Tenant } from './tenants-repository.js';

/*
 * The platform's synchronous writes on the legacy SQLite handle, for parts that have not moved
 * to the store yet: their writes join their own better-sqlite3 transactions. Same tables, same
 * rules as the repositories. Removed when the last part moves.
 */

/** @deprecated legacy sync API for parts not yet on the store; removed when the last part moves */
export function insertEventSync(db: Db, e: EventEnvelope): void {
  db.prepare(
    'INSERT INTO events (id, tenant_id, event_time, event_type, event_sub_type, plant_id, data, seq) VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM events))',
  ).run(e.id, e.tenantId, e.eventTime, e.eventType, e.eventSubType, e.plantId ?? null, JSON.stringify(e.data));
}

/** @deprecated legacy sync API for parts not yet on the store; removed when the last part moves */
export function insertJobSync(db: Db, job: NewJob): number {
  const result = db.prepare('INSERT INTO jobs (kind, payload, run_at, created_at) VALUES (?, ?, ?, ?)').run(job.kind, JSON.stringify(job.payload), job.runAt, job.createdAt);
  return Number(result.lastInsertRowid);
}

interface TenantRow {
  tenant_id: string;
  name: string;
  classification_jurisdictions: string;
  credits: number;
}

/** @deprecated legacy sync API for parts not yet on the store; removed when the last part moves (use `tx.tenants`). */
export class LegacyTenantStore {
  constructor(private readonly db: Db) {}

  /** @deprecated legacy sync API for parts not yet on the store; removed when the last part moves */
  get(tenantId: string): Tenant | undefined {
    const row = this.db.prepare<[string], TenantRow>('SELECT * FROM tenants WHERE tenant_id = ?').get(tenantId);
    return row && toTenant(row);
  }

  /** @deprecated legacy sync API for parts not yet on the store; removed when the last part moves */
  setCredits(tenantId: string, credits: number): boolean {
    return this.db.prepare('UPDATE tenants SET credits = ? WHERE tenant_id = ?').run(credits, tenantId).changes === 1;
  }

  /** @deprecated legacy sync API for parts not yet on the store; removed when the last part moves */
  takeCredit(tenantId: string): boolean {
    return this.db.prepare('UPDATE tenants SET credits = credits - 1 WHERE tenant_id = ? AND credits > 0').run(tenantId).changes === 1;
  }
}
