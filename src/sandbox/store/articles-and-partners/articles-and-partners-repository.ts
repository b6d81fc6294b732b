import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { articleDataItemSchema, businessPartnerSchema, type ArticleDataItem, type BusinessPartner } from '../../../contract/ingestion.js';
import { inBatches } from '../declarations/batches.js';
import type { ArticlesAndPartnersTables } from './articles-and-partners-tables.js';

const parseJson = <T>(schema: z.ZodType<T>, text: string): T => schema.parse(JSON.parse(text));

/** The last of each key wins, as when the records were written one after another (one upsert may not touch a row twice). */
function lastPerKey<T>(records: readonly T[], key: (r: T) => string): T[] {
  return [...new Map(records.map((r) => [key(r), r])).values()];
}

/**
 * Master data per tenant that the customs flows deduce from (ArticleDataItems and
 * BusinessPartners ingestion): articles by itemId, business partners by businessPartnerCode.
 * Not the master data messages part (plants, storage locations), which keeps its own.
 */
export interface ArticlesAndPartnersRepository {
  /** Create or update; a record replaces the stored one whole (the usual master data semantics). */
  upsertArticles(tenantId: string, items: readonly ArticleDataItem[], at: string): Promise<void>;
  upsertBusinessPartners(tenantId: string, partners: readonly BusinessPartner[], at: string): Promise<void>;
  article(tenantId: string, itemId: string): Promise<ArticleDataItem | undefined>;
  businessPartner(tenantId: string, code: string): Promise<BusinessPartner | undefined>;
  /** The tenant's business partners, ordered by code (code point order on both engines). */
  businessPartners(tenantId: string): Promise<BusinessPartner[]>;
}

export function articlesAndPartnersRepository(db: Kysely<ArticlesAndPartnersTables>): ArticlesAndPartnersRepository {
  return {
    async upsertArticles(tenantId, items, at) {
      const rows = lastPerKey(items, (i) => i.itemId).map((item) => ({
        tenant_id: tenantId,
        item_id: item.itemId,
        data: JSON.stringify(item),
        updated_at: at,
      }));
      for (const batch of inBatches(rows, 4)) {
        await db
          .insertInto('article_data_items')
          .values(batch)
          .onConflict((oc) =>
            oc
              .columns(['tenant_id', 'item_id'])
              .doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at') })),
          )
          .execute();
      }
    },

    async upsertBusinessPartners(tenantId, partners, at) {
      const rows = lastPerKey(partners, (p) => p.businessPartnerCode).map((p) => ({
        tenant_id: tenantId,
        code: p.businessPartnerCode,
        data: JSON.stringify(p),
        updated_at: at,
      }));
      for (const batch of inBatches(rows, 4)) {
        await db
          .insertInto('business_partners')
          .values(batch)
          .onConflict((oc) =>
            oc
              .columns(['tenant_id', 'code'])
              .doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at') })),
          )
          .execute();
      }
    },

    async article(tenantId, itemId) {
      const row = await db
        .selectFrom('article_data_items')
        .select('data')
        .where('tenant_id', '=', tenantId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return row && parseJson(articleDataItemSchema, row.data);
    },

    async businessPartner(tenantId, code) {
      const row = await db
        .selectFrom('business_partners')
        .select('data')
        .where('tenant_id', '=', tenantId)
        .where('code', '=', code)
        .executeTakeFirst();
      return row && parseJson(businessPartnerSchema, row.data);
    },

    async businessPartners(tenantId) {
      const rows = await db.selectFrom('business_partners').select(['code', 'data']).where('tenant_id', '=', tenantId).execute();
      // Sorted here: PostgreSQL's ORDER BY follows the database's collation, SQLite's compares bytes.
      rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      return rows.map((r) => parseJson(businessPartnerSchema, r.data));
    },
  };
}
