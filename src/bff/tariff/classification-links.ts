import { classificationItemSchema, classificationSearchResultSchema } from '../../contract/classification.js';
import {
  CLASSIFICATION_ITEM_SCAN_LIMIT,
  goodsItemReference,
  sameGoodsDescription,
  type ClassificationOfGoodsItems,
  type GoodsItemsOfClassification,
} from '../../contract/classification-links.js';
import { CLASSIFICATION_LIMITS } from '../../contract/classification.js';
import { declarationSchema } from '../../contract/declarations.js';
import { getUpstreamJson } from '../review/upstream-json.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import type { DeclarationGoodsScanner } from './declaration-scan.js';

/**
 * The goods items a classification item is about: in the latest declarations (the scanner's),
 * those whose article id or own reference (LRN/number) is the item's external reference, or whose
 * description is the item's. null when the item does not exist.
 */
export async function goodsItemsOfClassification(
  upstream: UpstreamClient,
  scanner: DeclarationGoodsScanner,
  itemId: string,
  signal: AbortSignal,
): Promise<GoodsItemsOfClassification | null> {
  const body = await getUpstreamJson(upstream, `/v1/classifications/items/${encodeURIComponent(itemId)}`, { signal });
  if (body === null) return null;
  const item = classificationItemSchema.parse(body);
  const scan = await scanner.scan(signal);
  const matches = scan.declarations.flatMap((d) => {
    const items = d.goodsItems.flatMap((g) => {
      const byReference = g.articleId === item.externalReference || goodsItemReference(d.lrn, g.sequenceNumber) === item.externalReference;
      const by = byReference ? 'reference' : sameGoodsDescription(g.description, item.description) ? 'description' : null;
      return by
        ? [
            {
              governmentAgencyGoodsItemId: g.governmentAgencyGoodsItemId,
              sequenceNumber: g.sequenceNumber,
              description: g.description,
              code: g.code,
              by,
            } as const,
          ]
        : [];
    });
    return items.length ? [{ declarationId: d.declarationId, lrn: d.lrn, currentStatus: d.currentStatus, items }] : [];
  });
  return { itemId, scanned: scan.scanned, complete: scan.complete, matches };
}

/**
 * Per goods item of a declaration, the classification items about it: by reference (article id,
 * then LRN/number), each looked up exactly with the search; by description among the latest
 * classification items (their search pages carry the description, CLASSIFICATION_ITEM_SCAN_LIMIT
 * at most). null when the declaration does not exist.
 */
export async function classificationOfGoodsItems(
  upstream: UpstreamClient,
  declarationId: string,
  signal: AbortSignal,
): Promise<ClassificationOfGoodsItems | null> {
  const body = await getUpstreamJson(upstream, `/v1/declarations/${encodeURIComponent(declarationId)}`, { signal });
  if (body === null) return null;
  const d = declarationSchema.parse(body);
  const goods = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;

  const pageSize = CLASSIFICATION_LIMITS.searchMaxLimit;
  const latest: { id: string; externalReference: string; description?: string | null | undefined }[] = [];
  let complete = false;
  for (let offset = 0; offset < CLASSIFICATION_ITEM_SCAN_LIMIT; offset += pageSize) {
    const page = classificationSearchResultSchema.parse(
      await getUpstreamJson(upstream, `/v1/classifications/items/search?limit=${pageSize}&offset=${offset}`, { signal }),
    );
    latest.push(...page.data);
    if (!page.links.next || page.data.length < pageSize) {
      complete = true;
      break;
    }
  }
  const byReference = async (reference: string) => {
    // Without a leading or trailing * the search matches exactly; one there would be a wildcard.
    if (reference.startsWith('*') || reference.endsWith('*')) return latest.filter((i) => i.externalReference === reference);
    const page = classificationSearchResultSchema.parse(
      await getUpstreamJson(upstream, `/v1/classifications/items/search?externalReference=${encodeURIComponent(reference)}&limit=10`, {
        signal,
      }),
    );
    return page.data.filter((i) => i.externalReference === reference);
  };

  const goodsItems = [];
  for (const g of goods) {
    const articleId = typeof g.commodity?.itemId === 'string' ? g.commodity.itemId.trim() : '';
    const references = [...new Set([articleId, goodsItemReference(d.lrn, g.sequenceNumber)].filter((r) => r !== ''))];
    const found = new Map<string, { itemId: string; externalReference: string; by: 'reference' | 'description' }>();
    for (const reference of references)
      for (const i of await byReference(reference))
        found.set(i.id, { itemId: i.id, externalReference: i.externalReference, by: 'reference' });
    for (const i of latest)
      if (!found.has(i.id) && sameGoodsDescription(i.description, g.commodity?.description))
        found.set(i.id, { itemId: i.id, externalReference: i.externalReference, by: 'description' });
    goodsItems.push({
      governmentAgencyGoodsItemId: g.governmentAgencyGoodsItemId,
      sequenceNumber: g.sequenceNumber,
      classificationItems: [...found.values()],
    });
  }
  return { declarationId, scanned: latest.length, complete, goodsItems };
}
