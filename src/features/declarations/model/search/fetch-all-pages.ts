/**
 * Walks a paged search the only way the service allows (no total count): limit 100, offset
 * += 100, until a page comes back shorter than the limit. Stops when the signal aborts.
 */
export const EXPORT_PAGE_SIZE = 100;

export interface PageRequest {
  limit: number;
  offset: number;
}

export async function fetchAllPages<Row>(
  fetchPage: (page: PageRequest, signal: AbortSignal) => Promise<readonly Row[]>,
  options: { signal: AbortSignal; onProgress?: (rowsSoFar: number, pagesSoFar: number) => void; pageSize?: number },
): Promise<Row[]> {
  const limit = options.pageSize ?? EXPORT_PAGE_SIZE;
  const rows: Row[] = [];
  for (let offset = 0, pages = 0; ; offset += limit) {
    options.signal.throwIfAborted();
    const page = await fetchPage({ limit, offset }, options.signal);
    rows.push(...page);
    pages += 1;
    options.onProgress?.(rows.length, pages);
    if (page.length < limit) return rows;
  }
}
