import { z } from 'zod';
import { jurisdictionSchema, type Jurisdiction } from '../../contract/scopes.js';
import type { Db, SchemaPart } from '../store/db.js';
import { DEMO_TENANTS } from './demo-clients.js';

export const tenantSchema: SchemaPart = {
  name: 'tenants',
  ddl: `CREATE TABLE IF NOT EXISTS tenants (
    tenant_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    classification_jurisdictions TEXT NOT NULL,
    credits INTEGER NOT NULL CHECK (credits >= 0)
  );`,
  resetTables: ['tenants'],
};

export interface Tenant {
  tenantId: string;
  name: string;
  classificationJurisdictions: Jurisdiction[];
  credits: number;
}

interface TenantRow {
  tenant_id: string;
  name: string;
  classification_jurisdictions: string;
  credits: number;
}

const toTenant = (r: TenantRow): Tenant => ({
  tenantId: r.tenant_id,
  name: r.name,
  classificationJurisdictions: z.array(jurisdictionSchema).parse(JSON.parse(r.classification_jurisdictions)),
  credits: r.credits,
});

export class TenantStore {
  constructor(private readonly db: Db) {}

  seed(): void {
    const insert = this.db.prepare(
      'INSERT OR IGNORE INTO tenants (tenant_id, name, classification_jurisdictions, credits) VALUES (?, ?, ?, ?)',
    );
    for (const t of DEMO_TENANTS) insert.run(t.tenantId, t.name, JSON.stringify(t.classificationJurisdictions), t.initialCredits);
  }

  get(tenantId: string): Tenant | undefined {
    const row = this.db.prepare<[string], TenantRow>('SELECT * FROM tenants WHERE tenant_id = ?').get(tenantId);
    return row && toTenant(row);
  }

  setCredits(tenantId: string, credits: number): boolean {
    return this.db.prepare('UPDATE tenants SET credits = ? WHERE tenant_id = ?').run(credits, tenantId).changes === 1;
  }

  /** Takes one credit atomically; false when none is left (the guard in the UPDATE makes double spend impossible). */
  takeCredit(tenantId: string): boolean {
    return this.db.prepare('UPDATE tenants SET credits = credits - 1 WHERE tenant_id = ? AND credits > 0').run(tenantId).changes === 1;
  }
}
