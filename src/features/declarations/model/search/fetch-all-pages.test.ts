import { describe, expect, it } from 'vitest';
import { fetchAllPages, type PageRequest } from './fetch-all-pages';

const source = (total: number) => {
  const calls: PageRequest[] = [];
  const fetchPage = async (page: PageRequest) => {
    calls.push(page);
    return Array.from({ length: Math.max(0, Math.min(page.limit, total - page.offset)) }, (_, i) => page.offset + i);
  };
  return { calls, fetchPage };
};

describe('fetchAllPages', () => {
  it('walks limit 100 pages until a short one, reporting progress', async () => {
    const { calls, fetchPage } = source(250);
    const progress: number[] = [];
    const rows = await fetchAllPages(fetchPage, { signal: new AbortController().signal, onProgress: (n) => progress.push(n) });
    expect(rows).toHaveLength(250);
    expect(calls).toEqual([
      { limit: 100, offset: 0 },
      { limit: 100, offset: 100 },
      { limit: 100, offset: 200 },
    ]);
    expect(progress).toEqual([100, 200, 250]);
  });

  it('asks once more after an exactly full last page (no total exists) and stops on the empty one', async () => {
    const { calls, fetchPage } = source(200);
    expect(await fetchAllPages(fetchPage, { signal: new AbortController().signal })).toHaveLength(200);
    expect(calls.map((c) => c.offset)).toEqual([0, 100, 200]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const { calls, fetchPage } = source(10_000);
    const run = fetchAllPages(fetchPage, { signal: controller.signal, onProgress: (n) => (n >= 300 ? controller.abort() : undefined) });
    await expect(run).rejects.toThrow();
    expect(calls).toHaveLength(3);
  });
});
