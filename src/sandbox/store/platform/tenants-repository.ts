import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { jurisdictionSchema, type Jurisdiction } from '../../../contract/scopes.js';
import type { PlatformTables, TenantsTable } from './platform-tables.js';

export interface Tenant {
  tenantId: string;
  name: string;
  classificationJurisdictions: Jurisdiction[];
  credits: number;
}

export interface TenantsRepository {
  get(tenantId: string): Promise<Tenant | undefined>;
  /** Every tenant, by id. */
  list(): Promise<Tenant[]>;
  /**
   * Adds the tenants that do not exist yet; existing ones (and their credits) stay as they are.
   * How many it added: of several processes starting on one empty database, one adds them.
   */
  seed(tenants: readonly Tenant[]): Promise<number>;
  /** False when the tenant does not exist. */
  setCredits(tenantId: string, credits: number): Promise<boolean>;
  /** Takes one credit; false when none is left (the guard in the UPDATE makes double spend impossible). */
  takeCredit(tenantId: string): Promise<boolean>;
}

const jurisdictionsSchema = z.array(jurisdictionSchema);

export const toTenant = (r: Selectable<TenantsTable>): Tenant => ({
  tenantId: r.tenant_id,
  name: r.name,
  classificationJurisdictions: jurisdictionsSchema.parse(JSON.parse(r.classification_jurisdictions)),
  credits: r.credits,
});

export function tenantsRepository(db: Kysely<PlatformTables>): TenantsRepository {
  return {
    async get(tenantId) {
      const row = await db.selectFrom('tenants').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
      return row && toTenant(row);
    },

    async list() {
      return (await db.selectFrom('tenants').selectAll().orderBy('tenant_id').execute()).map(toTenant);
    },

    async seed(tenants) {
      if (tenants.length === 0) return 0;
      const rows = tenants.map((t) => ({
        tenant_id: t.tenantId,
        name: t.name,
        classification_jurisdictions: JSON.stringify(t.classificationJurisdictions),
        credits: t.credits,
      }));
      const added = await db
        .insertInto('tenants')
        .values(rows)
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .returning('tenant_id')
        .execute();
      return added.length;
    },

    async setCredits(tenantId, credits) {
      const result = await db.updateTable('tenants').set({ credits }).where('tenant_id', '=', tenantId).executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async takeCredit(tenantId) {
      const result = await db
        .updateTable('tenants')
        .set((eb) => ({ credits: eb('credits', '-', 1) }))
        .where('tenant_id', '=', tenantId)
        .where('credits', '>', 0)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}
