import { DECLARATION_SCAN_LIMIT } from '../../contract/classification-links.js';
import {
  DECLARATION_SEARCH_MAX_LIMIT,
  declarationSchema,
  declarationSearchResultSchema,
  type DeclarationSummary,
} from '../../contract/declarations.js';
import { getUpstreamJson } from '../review/upstream-json.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';

/** Reads of the service at once for one scan. */
const CONCURRENCY = 4;
/** How long a scan goes on past its first page: an answer within seconds, further on each visit as the cache fills. */
const SCAN_BUDGET_MS = 3_000;
/** Declarations whose goods items a replica keeps between scans. */
const CACHE_ENTRIES = 5_000;

export async function mapLimited<T, R>(values: readonly T[], work: (value: T) => Promise<R>): Promise<R[]> {
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

export interface ScannedGoodsItem {
  governmentAgencyGoodsItemId: string;
  sequenceNumber: number;
  code: string | null;
  description: string | null;
  articleId: string | null;
}

export interface ScannedDeclaration {
  declarationId: string;
  lrn: string;
  currentStatus: string;
  goodsItems: ScannedGoodsItem[];
}

export interface DeclarationScan {
  scanned: number;
  complete: boolean;
  declarations: ScannedDeclaration[];
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The goods items of the latest declarations. The service has no search by goods item, so the
 * search pages (100 a page) give each declaration's lastUpdated and the BFF reads only those it
 * has not read at that version. A scan reads the first page, then further pages while its time
 * budget lasts, up to DECLARATION_SCAN_LIMIT declarations: the first scan answers within seconds,
 * later ones (paying only for the declarations that changed) reach further. The cache is this replica's own (bounded,
 * oldest read first out); every replica would read the same.
 */
export class DeclarationGoodsScanner {
  private readonly cache = new Map<string, { lastUpdated: string; declaration: ScannedDeclaration }>();

  constructor(private readonly upstream: UpstreamClient) {}

  async scan(signal: AbortSignal, limit = DECLARATION_SCAN_LIMIT, budgetMs = SCAN_BUDGET_MS): Promise<DeclarationScan> {
    const started = performance.now();
    const declarations: ScannedDeclaration[] = [];
    let scanned = 0;
    let complete = false;
    for (let offset = 0; offset < limit; offset += DECLARATION_SEARCH_MAX_LIMIT) {
      // The first page always; a further page when, at the pace so far, it ends within the time
      // budget (cached reads cost nothing, so later scans reach further).
      const elapsed = performance.now() - started;
      const pages = offset / DECLARATION_SEARCH_MAX_LIMIT;
      if (pages > 0 && elapsed + elapsed / pages > budgetMs) break;
      const page = declarationSearchResultSchema.parse(
        (await getUpstreamJson(this.upstream, `/v1/declarations/search?limit=${DECLARATION_SEARCH_MAX_LIMIT}&offset=${offset}`, {
          signal,
        })) ?? [],
      );
      scanned += page.length;
      for (const d of await mapLimited(page, (s) => this.read(s, signal))) if (d) declarations.push(d);
      if (page.length < DECLARATION_SEARCH_MAX_LIMIT) {
        complete = true;
        break;
      }
    }
    return { scanned, complete, declarations };
  }

  private async read(summary: DeclarationSummary, signal: AbortSignal): Promise<ScannedDeclaration | null> {
    const cached = this.cache.get(summary.declarationId);
    if (cached && cached.lastUpdated === summary.lastUpdated) return cached.declaration;
    const body = await getUpstreamJson(this.upstream, `/v1/declarations/${encodeURIComponent(summary.declarationId)}`, { signal });
    if (body === null) return null;
    const d = declarationSchema.parse(body);
    const declaration: ScannedDeclaration = {
      declarationId: d.declarationId,
      lrn: d.lrn,
      currentStatus: d.currentStatus,
      goodsItems: d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.map((item) => ({
        governmentAgencyGoodsItemId: item.governmentAgencyGoodsItemId,
        sequenceNumber: item.sequenceNumber,
        code: text(item.commodity?.classification?.id),
        description: text(item.commodity?.description),
        articleId: text(item.commodity?.itemId),
      })),
    };
    this.cache.delete(d.declarationId);
    this.cache.set(d.declarationId, { lastUpdated: d.lastUpdated, declaration });
    if (this.cache.size > CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return declaration;
  }
}
