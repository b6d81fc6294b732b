import { classificationItemSchema, classificationSearchResultSchema } from '../../contract/classification.js';
import { declarationSchema, declarationSearchResultSchema } from '../../contract/declarations.js';
import { normaliseCommodityCode, TARIFF_USAGE_SCAN_LIMIT, type TariffUsage } from '../../contract/tariff.js';
import { getUpstreamJson } from '../review/upstream-json.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';

/** Reads of the service at once for one scan. */
const CONCURRENCY = 4;

async function mapLimited<T, R>(values: readonly T[], work: (value: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(values.length);
  let next = 0;
  const worker = async () => {
    while (next < values.length) {
      const i = next++;
      out[i] = await work(values[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, values.length) }, worker));
  return out;
}

/** Whether a declared code falls under the code looked up: the same code, or a longer one below it (spaces and dots ignored). */
const under = (declared: string, code: string): boolean => normaliseCommodityCode(declared).startsWith(code);

/**
 * The service has no search by commodity code: the declarations the search lists first (and, for
 * roles that read them, the classification items) are read one by one, at most
 * TARIFF_USAGE_SCAN_LIMIT of each, and their codes compared. The answer says how many were read.
 */
export async function scanUsage(
  upstream: UpstreamClient,
  code: string,
  withClassification: boolean,
  signal: AbortSignal,
): Promise<TariffUsage> {
  const summaries = declarationSearchResultSchema.parse(
    (await getUpstreamJson(upstream, `/v1/declarations/search?limit=${TARIFF_USAGE_SCAN_LIMIT}&offset=0`, { signal })) ?? [],
  );
  const declarations = await mapLimited(summaries, async (s) => {
    const body = await getUpstreamJson(upstream, `/v1/declarations/${encodeURIComponent(s.declarationId)}`, { signal });
    return body === null ? null : declarationSchema.parse(body);
  });
  const declarationMatches = declarations.flatMap((d) => {
    if (!d) return [];
    const items = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.flatMap((item) => {
      const declared = item.commodity?.classification?.id;
      return typeof declared === 'string' && under(declared, code)
        ? [{ sequenceNumber: item.sequenceNumber, code: declared, description: item.commodity?.description ?? null }]
        : [];
    });
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
  return {
    code,
    declarations: { scanned: summaries.length, complete: summaries.length < TARIFF_USAGE_SCAN_LIMIT, matches: declarationMatches },
    classificationItems,
  };
}
