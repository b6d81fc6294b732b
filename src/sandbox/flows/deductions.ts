import { goodsItemSchema, partySchema, type Direction, type Party } from '../../contract/customs-shipment.js';
import type { ArticleDataItem } from '../../contract/ingestion.js';
import { defaultPartnerFor } from '../master-data/default-partner.js';
import type { ArticlesAndPartnersRepository } from '../store/articles-and-partners/articles-and-partners-repository.js';
import type { GoodsItemDocument, JsonObject } from '../store/declarations/declaration-record.js';
import { isPlainObject, mergeSelective } from './selective-update.js';

/**
 * Deductions (docs/service-facts.md 1.2: data missing from a shipment is deduced from master data).
 * Sandbox rules, run when a declaration is created and after every change, before validation:
 * 1. Missing consignee (IN) / consignor (OUT): the default business partner with role
 *    Consignee / Consignor (one linked to the storage location first, otherwise one linked to none).
 * 2. A party reference of another type (e.g. BusinessPartnerCode) naming a known business partner
 *    gets that partner's EORI added (type Eori) when the party has none.
 * 3. A goods item with commodity.itemId known in article data gets the article's commodity code,
 *    description and excise product code where those are missing.
 */
export interface DeductionInput {
  tenantId: string;
  direction: Direction;
  storageLocation: string | null;
  header: JsonObject;
  items: readonly GoodsItemDocument[];
}

function partyOf(value: unknown): Party | undefined {
  const parsed = partySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export async function applyDeductions(
  input: DeductionInput,
  masterData: ArticlesAndPartnersRepository,
): Promise<{ header: JsonObject; items: GoodsItemDocument[] }> {
  const { tenantId } = input;
  let header = input.header;
  const gsValue = header.goodsShipment;
  let goodsShipment: JsonObject = isPlainObject(gsValue) ? gsValue : {};

  const role = input.direction === 'IN' ? 'Consignee' : 'Consignor';
  const key = input.direction === 'IN' ? 'consignee' : 'consignor';
  const current = partyOf(goodsShipment[key]);
  if (!current?.businessPartnerReference?.length) {
    const partner = defaultPartnerFor(await masterData.businessPartners(tenantId), role, input.storageLocation);
    const refs = partner?.businessPartnerReference?.length
      ? partner.businessPartnerReference
      : partner?.eori
        ? [{ code: partner.eori, type: 'Eori' }]
        : [];
    if (partner && refs.length)
      goodsShipment = {
        ...goodsShipment,
        [key]: { ...(current ?? {}), name: current?.name ?? partner.name ?? null, businessPartnerReference: refs },
      };
  }

  const withEori = async (value: unknown): Promise<unknown> => {
    const party = partyOf(value);
    const refs = party?.businessPartnerReference;
    if (!party || !refs?.length || refs.some((r) => r.type.toLowerCase() === 'eori')) return value;
    for (const ref of refs) {
      const partner = await masterData.businessPartner(tenantId, ref.code);
      if (partner?.eori)
        return {
          ...party,
          name: party.name ?? partner.name ?? null,
          businessPartnerReference: [...refs, { code: partner.eori, type: 'Eori' }],
        };
    }
    return value;
  };
  for (const k of ['consignee', 'consignor'])
    if (goodsShipment[k] !== undefined) goodsShipment = { ...goodsShipment, [k]: await withEori(goodsShipment[k]) };
  if (header.agent !== undefined) header = { ...header, agent: await withEori(header.agent) };
  header = { ...header, goodsShipment };

  // Items often repeat an article: each is looked up once.
  const articles = new Map<string, Promise<ArticleDataItem | undefined>>();
  const withArticleData = async (item: GoodsItemDocument): Promise<GoodsItemDocument> => {
    const parsed = goodsItemSchema.safeParse(item.data);
    const itemId = parsed.success ? parsed.data.commodity?.itemId : undefined;
    if (!parsed.success || !itemId) return item;
    let lookup = articles.get(itemId);
    if (!lookup) {
      lookup = masterData.article(tenantId, itemId);
      articles.set(itemId, lookup);
    }
    const article = await lookup;
    if (!article) return item;
    const g = parsed.data;
    const patch: JsonObject = {};
    const commodity: JsonObject = {};
    if (!g.commodity?.classification?.id && article.commodityCode) commodity.classification = { id: article.commodityCode };
    if (!g.commodity?.description && article.description) commodity.description = article.description;
    if (Object.keys(commodity).length) patch.commodity = commodity;
    if (!g.exciseGoodsItem?.exciseProductCode && article.exciseProductCode)
      patch.exciseGoodsItem = { exciseProductCode: article.exciseProductCode };
    return Object.keys(patch).length ? { ...item, data: mergeSelective(item.data, patch) } : item;
  };
  const items: GoodsItemDocument[] = [];
  for (const item of input.items) items.push(await withArticleData(item));
  return { header, items };
}
