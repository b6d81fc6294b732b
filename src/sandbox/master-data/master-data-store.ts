import type { z } from 'zod';
import { articleDataItemSchema, businessPartnerSchema, type ArticleDataItem, type BusinessPartner } from '../../contract/ingestion.js';
import type { Db, SchemaPart } from '../store/db.js';

/** Master data per tenant: articles (by itemId) and business partners (by businessPartnerCode). */
export const masterDataSchema: SchemaPart = {
  name: 'master-data',
  ddl: `CREATE TABLE IF NOT EXISTS article_data_items (
    tenant_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    data TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (tenant_id, item_id)
  );
  CREATE TABLE IF NOT EXISTS business_partners (
    tenant_id TEXT NOT NULL,
    code TEXT NOT NULL,
    data TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (tenant_id, code)
  );`,
  resetTables: ['article_data_items', 'business_partners'],
};

const parseJson = <T>(schema: z.ZodType<T>, text: string): T => schema.parse(JSON.parse(text));

export class MasterDataStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Create or update (whole record replaced, the usual master data semantics). */
  upsertArticles(tenantId: string, items: readonly ArticleDataItem[]): void {
    const stmt = this.db.prepare(
      'INSERT INTO article_data_items (tenant_id, item_id, data, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (tenant_id, item_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at',
    );
    const at = this.now().toISOString();
    this.db.transaction(() => {
      for (const item of items) stmt.run(tenantId, item.itemId, JSON.stringify(item), at);
    })();
  }

  upsertBusinessPartners(tenantId: string, partners: readonly BusinessPartner[]): void {
    const stmt = this.db.prepare(
      'INSERT INTO business_partners (tenant_id, code, data, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (tenant_id, code) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at',
    );
    const at = this.now().toISOString();
    this.db.transaction(() => {
      for (const p of partners) stmt.run(tenantId, p.businessPartnerCode, JSON.stringify(p), at);
    })();
  }

  article(tenantId: string, itemId: string): ArticleDataItem | undefined {
    const row = this.db.prepare<[string, string], { data: string }>('SELECT data FROM article_data_items WHERE tenant_id = ? AND item_id = ?').get(tenantId, itemId);
    return row && parseJson(articleDataItemSchema, row.data);
  }

  businessPartner(tenantId: string, code: string): BusinessPartner | undefined {
    const row = this.db.prepare<[string, string], { data: string }>('SELECT data FROM business_partners WHERE tenant_id = ? AND code = ?').get(tenantId, code);
    return row && parseJson(businessPartnerSchema, row.data);
  }

  /**
   * The default partner for a role (deductions): one that lists the storage location first,
   * otherwise one without storage locations; ties broken by businessPartnerCode.
   */
  defaultPartnerFor(tenantId: string, role: string, storageLocation: string | null | undefined): BusinessPartner | undefined {
    const rows = this.db.prepare<[string], { data: string }>('SELECT data FROM business_partners WHERE tenant_id = ? ORDER BY code').all(tenantId);
    const withRole = rows.map((r) => parseJson(businessPartnerSchema, r.data)).filter((p) => p.roles?.some((r) => r.toLowerCase() === role.toLowerCase()));
    if (storageLocation) {
      const local = withRole.find((p) => p.storageLocationReferences?.includes(storageLocation));
      if (local) return local;
    }
    return withRole.find((p) => !p.storageLocationReferences?.length);
  }

  counts(tenantId: string): { articles: number; businessPartners: number } {
    const n = (table: string): number => this.db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ?`).get(tenantId)?.n ?? 0;
    return { articles: n('article_data_items'), businessPartners: n('business_partners') };
  }
}
