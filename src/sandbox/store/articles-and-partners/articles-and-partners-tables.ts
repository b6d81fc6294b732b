/** Master data per tenant (migration 0002-declarations): articles by itemId, business partners by code; the record is JSON. */
export interface ArticleDataItemsTable {
  tenant_id: string;
  item_id: string;
  data: string;
  updated_at: string;
}

export interface BusinessPartnersTable {
  tenant_id: string;
  code: string;
  data: string;
  updated_at: string;
}

export interface ArticlesAndPartnersTables {
  article_data_items: ArticleDataItemsTable;
  business_partners: BusinessPartnersTable;
}
