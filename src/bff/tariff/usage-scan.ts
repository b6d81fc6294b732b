import { classificationItemSchema, classificationSearchResultSchema } from '../../contract/classification.js';
import { normaliseCommodityCode, TARIFF_USAGE_SCAN_LIMIT, type TariffUsage } from '../../contract/tariff.js';
import { getUpstreamJson } from '../review/upstream-json.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { mapLimited, type DeclarationGoodsScanner } from './declaration-scan.js';

/** Whether a declared code falls under the code looked up: the same code, or a longer one below it (spaces and dots ignored). */
const under = (declared: string, code: string): boolean => normaliseCommodityCode(declared).startsWith(code);

/**
 * The service has no search by commodity code: the latest declarations' goods items (the
 * scanner's, up to DECLARATION_SCAN_LIMIT, re-read only when changed) and, for roles that read
 * them, the classification items the search lists first (read one by one, at most
 * TARIFF_USAGE_SCAN_LIMIT) are compared with the code. The answer says how many were read.
 */
export async function scanUsage(
  upstream: UpstreamClient,
  scanner: DeclarationGoodsScanner,
  code: string,
  withClassification: boolean,
  signal: AbortSignal,
): Promise<TariffUsage> {
  const scan = await scanner.scan(signal);
  const declarationMatches = scan.declarations.flatMap((d) => {
    const items = d.goodsItems.flatMap((item) =>
      item.code !== null && under(item.code, code)
        ? [{ sequenceNumber: item.sequenceNumber, code: item.code, description: item.description }]
        : [],
    );
    return items.length ? [{ declarationId: d.declarationId, lrn: d.lrn, currentStatus: d.currentStatus, items }] : [];
  });

  let classificationItems: TariffUsage['classificationItems'] = null;
  if (withClassification) {
    const page = classificationSearchResultSchema.parse(
      await getUpstreamJson(upstream, `/v1/classifications/items/search?limit=${TARIFF_USAGE_SCAN_LIMIT}&offset=0`, { signal }),
    );
    const items = await mapLimited(page.data, async (s) => {
      const body = await getUpstreamJson(upstream, `/v1/classifications/items/${encodeURIComponent(s.id)}`, { signal });
      return body === null ? null : classificationItemSchema.parse(body);
    });
    classificationItems = {
      scanned: page.data.length,
      complete: !page.links.next,
      matches: items.flatMap((item) => {
        if (!item) return [];
        const codes = item.assignedClassifications
          .filter((a) => under(a.code, code))
          .map((a) => ({ jurisdiction: a.jurisdiction, code: a.code }));
        return codes.length
          ? [{ itemId: item.id, externalReference: item.externalReference, description: item.description ?? null, codes }]
          : [];
      }),
    };
  }
  return { code, declarations: { scanned: scan.scanned, complete: scan.complete, matches: declarationMatches }, classificationItems };
}
