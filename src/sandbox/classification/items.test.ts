import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationItemSchema, classificationProblemSchema, classificationSearchResultSchema } from '../../contract/classification.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: false });
});
afterAll(async () => sandbox.close());

const ITEMS = '/v1/classifications/items';
const json = (method: string, body: unknown, contentType = 'application/json'): RequestInit => ({
  method,
  headers: { 'content-type': contentType },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const create = async (body: Record<string, unknown>) => {
  const res = await sandbox.call(ITEMS, json('POST', { description: 'Cotton T-shirts', ...body }));
  expect(res.status).toBe(201);
  return classificationItemSchema.parse(await res.json());
};
const problem = async (res: Response) => {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return classificationProblemSchema.parse(await res.json());
};
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('create and read items', () => {
  it('creates an item with inline images and assigned codes, and reads it back with image ids only', async () => {
    const res = await sandbox.call(
      ITEMS,
      json('POST', {
        externalReference: 'CR-1',
        description: 'Leather handbag',
        origin: 'IT',
        images: [{ contentType: 'image/png', contentBase64: PNG_1X1, fileName: 'bag.png' }],
        assignedClassifications: [
          { jurisdiction: 'EU', code: '4202 21 00', comment: 'from ERP' },
          { jurisdiction: 'UK', code: '4202210000' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const item = classificationItemSchema.parse(await res.json());
    expect(item).toMatchObject({ externalReference: 'CR-1', description: 'Leather handbag', origin: 'IT', hasBetterSuggestion: false });
    expect(item.images).toHaveLength(1);
    expect(item.images[0]).toMatchObject({ fileName: 'bag.png', contentType: 'image/png' });
    expect(JSON.stringify(item.images)).not.toContain(PNG_1X1);
    expect(item.assignedClassifications).toEqual([
      { jurisdiction: 'EU', code: '4202 21 00', comment: 'from ERP' },
      { jurisdiction: 'UK', code: '4202210000' },
    ]);
    const read = await sandbox.call(`${ITEMS}/${item.id}`);
    expect(read.status).toBe(200);
    expect(classificationItemSchema.parse(await read.json())).toEqual(item);
    // Seeding assigned codes is no run: no credit is used.
    expect((await sandbox.ctx.store.repos.tenants.get('t-acc-001'))?.credits).toBe(100);
  });

  it('answers 409 with a problem document for a used externalReference', async () => {
    await create({ externalReference: 'DUP-1' });
    const res = await sandbox.call(ITEMS, json('POST', { externalReference: 'DUP-1', description: 'Another' }));
    expect(res.status).toBe(409);
    expect((await problem(res)).errors).toHaveProperty('externalReference');
  });

  it('reports every problem of a creation body together as RFC 9457 (400)', async () => {
    const res = await sandbox.call(
      ITEMS,
      json('POST', {
        description: '  ',
        origin: 'Italy',
        images: [
          { url: 'ftp://example.com/a.png' },
          { contentType: 'image/tiff', contentBase64: PNG_1X1, fileName: 'a.tif' },
          { contentType: 'image/png', contentBase64: 'bm90IGFuIGltYWdl', fileName: 'x.png' },
        ],
        assignedClassifications: [
          { jurisdiction: 'EU', code: '1234' },
          { jurisdiction: 'EU', code: '12345678' },
          { jurisdiction: 'XX', code: '12345678' },
          { jurisdiction: 'CH', code: '1234567890' },
        ],
        colour: 'red',
      }),
    );
    expect(res.status).toBe(400);
    const p = await problem(res);
    expect(p).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(Object.keys(p.errors ?? {}).sort()).toEqual(
      [
        'externalReference',
        'description',
        'origin',
        'images.0.url',
        'images.1.contentType',
        'images.2',
        'assignedClassifications.0.code',
        'assignedClassifications.1.jurisdiction',
        'assignedClassifications.2.jurisdiction',
        'assignedClassifications.3.code',
        'colour',
      ].sort(),
    );
    expect(p.errors?.['images.2']?.[0]).toMatch(/not a decodable image/);
  });

  it('accepts at most 50 images per request', async () => {
    const images = Array.from({ length: 51 }, (_, i) => ({ contentType: 'image/png', contentBase64: PNG_1X1, fileName: `${i}.png` }));
    const res = await sandbox.call(ITEMS, json('POST', { externalReference: 'MANY', description: 'x', images }));
    expect(res.status).toBe(400);
    expect((await problem(res)).errors).toHaveProperty('images');
    const fifty = await sandbox.call(ITEMS, json('POST', { externalReference: 'FIFTY', description: 'x', images: images.slice(0, 50) }));
    expect(fifty.status).toBe(201);
    expect(classificationItemSchema.parse(await fifty.json()).images).toHaveLength(50);
  });

  it('answers 413 for an inline image above 10 MiB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1).toString('base64');
    const res = await sandbox.call(
      ITEMS,
      json('POST', {
        externalReference: 'BIG',
        description: 'x',
        images: [{ contentType: 'image/png', contentBase64: big, fileName: 'big.png' }],
      }),
    );
    expect(res.status).toBe(413);
    await problem(res);
  });

  it('answers 404 for unknown and malformed item ids', async () => {
    expect((await sandbox.call(`${ITEMS}/8a0c1f57-3b0e-4a39-9b8e-000000000000`)).status).toBe(404);
    const malformed = await sandbox.call(`${ITEMS}/not-a-uuid`);
    expect(malformed.status).toBe(404);
    await problem(malformed);
  });

  it('refuses tenants without classification (403) and clients without the scope', async () => {
    const item = await create({ externalReference: 'SCOPE-1' });
    for (const [path, init] of [
      [`${ITEMS}/${item.id}`, {}],
      [`${ITEMS}/search`, {}],
      [ITEMS, json('POST', { externalReference: 'X', description: 'y' })],
    ] as const) {
      const res = await sandbox.call(path, { ...init, clientId: 'noclass-acc' });
      expect(res.status).toBe(403);
    }
    const reader = await sandbox.call(ITEMS, { ...json('POST', { externalReference: 'R', description: 'y' }), clientId: 'reader-acc' });
    expect(reader.status).toBe(403);
    expect((await sandbox.call(`${ITEMS}/${item.id}`, { clientId: 'reader-acc' })).status).toBe(200);
    expect((await fetch(`${sandbox.url}${ITEMS}/${item.id}`)).status).toBe(401);
  });
});

describe('PATCH (JSON Merge Patch)', () => {
  const patch = (id: string, body: unknown, contentType = 'application/merge-patch+json') =>
    sandbox.call(`${ITEMS}/${id}`, json('PATCH', body, contentType));

  it('keeps absent fields, overrides given ones, clears nulls', async () => {
    const item = await create({ externalReference: 'P-1', description: 'Old description', origin: 'CN' });
    const onlyDescription = classificationItemSchema.parse(await (await patch(item.id, { description: 'New description' })).json());
    expect(onlyDescription).toMatchObject({ externalReference: 'P-1', description: 'New description', origin: 'CN' });
    const clearOrigin = classificationItemSchema.parse(await (await patch(item.id, { origin: null })).json());
    expect(clearOrigin).toMatchObject({ externalReference: 'P-1', description: 'New description', origin: null });
    const setOrigin = classificationItemSchema.parse(await (await patch(item.id, { origin: 'VN' }, 'application/json')).json());
    expect(setOrigin.origin).toBe('VN');
    const clearDescription = classificationItemSchema.parse(await (await patch(item.id, { description: null })).json());
    expect(clearDescription).toMatchObject({ description: null, origin: 'VN' });
    const rename = classificationItemSchema.parse(await (await patch(item.id, { externalReference: 'P-1-renamed' })).json());
    expect(rename).toMatchObject({ externalReference: 'P-1-renamed', origin: 'VN' });
    expect(rename.lastUpdated && item.lastUpdated && rename.lastUpdated >= item.lastUpdated).toBe(true);
  });

  it('treats an empty object and an empty body as no change', async () => {
    const item = await create({ externalReference: 'P-2', origin: 'DE' });
    const emptyObject = await patch(item.id, {});
    expect(emptyObject.status).toBe(200);
    expect(classificationItemSchema.parse(await emptyObject.json())).toEqual(item);
    const emptyBody = await sandbox.call(`${ITEMS}/${item.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: '',
    });
    expect(emptyBody.status).toBe(200);
    expect(classificationItemSchema.parse(await emptyBody.json())).toEqual(item);
    const noBody = await sandbox.call(`${ITEMS}/${item.id}`, { method: 'PATCH' });
    expect(noBody.status).toBe(200);
  });

  it('refuses a null or blank externalReference (400) and a used one (409)', async () => {
    const a = await create({ externalReference: 'P-3a' });
    await create({ externalReference: 'P-3b' });
    for (const value of [null, '', '   ']) {
      const res = await patch(a.id, { externalReference: value });
      expect(res.status).toBe(400);
      expect((await problem(res)).errors).toHaveProperty('externalReference');
    }
    const used = await patch(a.id, { externalReference: 'P-3b' });
    expect(used.status).toBe(409);
    await problem(used);
    const self = await patch(a.id, { externalReference: 'P-3a' });
    expect(self.status).toBe(200);
  });

  it('names images and assignedClassifications as not patchable, with every other problem', async () => {
    const item = await create({ externalReference: 'P-4' });
    const res = await patch(item.id, { images: [], assignedClassifications: [], id: 'x', origin: 'nl', description: '' });
    expect(res.status).toBe(400);
    const p = await problem(res);
    expect(Object.keys(p.errors ?? {}).sort()).toEqual(['assignedClassifications', 'description', 'id', 'images', 'origin']);
    const unchanged = classificationItemSchema.parse(await (await sandbox.call(`${ITEMS}/${item.id}`)).json());
    expect(unchanged).toEqual(item);
  });

  it('refuses a patch that is not an object (400), other content types (415), unknown items (404)', async () => {
    const item = await create({ externalReference: 'P-5' });
    expect((await patch(item.id, '[1,2]')).status).toBe(400);
    expect((await patch(item.id, '{"description": ')).status).toBe(400);
    expect((await patch(item.id, 'description=x', 'text/plain')).status).toBe(415);
    expect((await patch('8a0c1f57-3b0e-4a39-9b8e-000000000000', {})).status).toBe(404);
  });
});

describe('DELETE', () => {
  it('removes the item with its images and runs, then answers 404', async () => {
    const item = await create({
      externalReference: 'D-1',
      images: [{ contentType: 'image/png', contentBase64: PNG_1X1, fileName: 'a.png' }],
    });
    const imageId = item.images[0]?.imageId ?? '';
    const run = await sandbox.call(`${ITEMS}/${item.id}/classifications`, json('POST', { jurisdiction: 'EU' }));
    expect(run.status).toBe(202);
    const del = await sandbox.call(`${ITEMS}/${item.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    expect((await sandbox.call(`${ITEMS}/${item.id}`)).status).toBe(404);
    expect((await sandbox.call(`${ITEMS}/${item.id}/images/${imageId}`)).status).toBe(404);
    const repo = sandbox.ctx.store.repos.classification;
    expect(await repo.listImages(item.id)).toEqual([]);
    expect(await repo.listRuns(item.id)).toEqual([]);
    expect((await sandbox.call(`${ITEMS}/${item.id}`, { method: 'DELETE' })).status).toBe(404);
    await sandbox.ctx.jobs.drain();
  });
});

describe('search', () => {
  let refs: string[] = [];
  beforeAll(async () => {
    refs = ['SKU-123', 'SKU-1234', 'XSKU-123', 'ABC-123-Z', 'sku-123', 'SKU%_1', 'SKUX_1'];
    for (const r of refs) await create({ externalReference: `S:${r}` });
  });
  const search = async (query: string) => {
    const res = await sandbox.call(`${ITEMS}/search?${query}`);
    expect(res.status).toBe(200);
    return classificationSearchResultSchema.parse(await res.json());
  };
  const found = async (pattern: string) =>
    (await search(`externalReference=${encodeURIComponent(pattern)}&limit=200`)).data.map((d) => d.externalReference).sort();

  it('matches exactly without a wildcard (case-sensitive)', async () => {
    expect(await found('S:SKU-123')).toEqual(['S:SKU-123']);
    expect(await found('S:SKU-12')).toEqual([]);
  });

  it('matches a start, an end and anywhere with *', async () => {
    expect(await found('S:SKU-123*')).toEqual(['S:SKU-123', 'S:SKU-1234']);
    expect(await found('*123')).toEqual(['S:SKU-123', 'S:XSKU-123', 'S:sku-123']);
    expect(await found('*-123*')).toEqual(['S:ABC-123-Z', 'S:SKU-123', 'S:SKU-1234', 'S:XSKU-123', 'S:sku-123']);
  });

  it('treats %, _ and an inner * literally', async () => {
    expect(await found('S:SKU%*')).toEqual(['S:SKU%_1']);
    expect(await found('*_1')).toEqual(['S:SKU%_1', 'S:SKUX_1']);
    expect(await found('S:SKU*123')).toEqual([]);
  });

  it('returns id, externalReference, description and origin with links', async () => {
    const page = await search('externalReference=S:SKU-123');
    expect(Object.keys(page.data[0] ?? {}).sort()).toEqual(['description', 'externalReference', 'id', 'origin']);
    expect(page.links).toMatchObject({ prev: null, next: null });
    expect(page.links.self).toContain('/v1/classifications/items/search?');
    expect(page).not.toHaveProperty('total');
  });

  it('caps limit at 200 without an error and pages with links to the end', async () => {
    for (let i = 0; i < 205; i++) await create({ externalReference: `PG-${String(i).padStart(3, '0')}` });
    const capped = await search('externalReference=PG-*&limit=1000');
    expect(capped.data).toHaveLength(200);
    expect(capped.links.next).toContain('limit=200');
    const seen: string[] = [];
    let next: string | null = `${ITEMS}/search?externalReference=PG-*&limit=60`;
    let pages = 0;
    while (next) {
      const res = await sandbox.call(next);
      const page = classificationSearchResultSchema.parse(await res.json());
      seen.push(...page.data.map((d) => d.externalReference));
      if (pages > 0) expect(page.links.prev).not.toBeNull();
      next = page.links.next;
      pages++;
    }
    expect(pages).toBe(4);
    expect(seen).toHaveLength(205);
    expect(new Set(seen).size).toBe(205);
    expect(seen).toEqual([...seen].sort()); // stable order: creation order
    const defaults = await search('externalReference=PG-*');
    expect(defaults.data).toHaveLength(50);
  });

  it('filters by creation and update dates, inclusive', async () => {
    const item = await create({ externalReference: 'DATE-1' });
    const created = item.creationDate ?? '';
    expect(
      (await search(`creationDateFrom=${encodeURIComponent(created)}&creationDateTo=${encodeURIComponent(created)}`)).data.map((d) => d.id),
    ).toContain(item.id);
    const after = new Date(Date.parse(created) + 1).toISOString();
    expect((await search(`creationDateFrom=${encodeURIComponent(after)}&limit=200`)).data.map((d) => d.id)).not.toContain(item.id);
    await sandbox.call(`${ITEMS}/${item.id}`, json('PATCH', { description: 'changed later' }, 'application/merge-patch+json'));
    const updated = classificationItemSchema.parse(await (await sandbox.call(`${ITEMS}/${item.id}`)).json()).lastUpdated ?? '';
    expect((await search(`lastUpdatedFrom=${encodeURIComponent(updated)}`)).data.map((d) => d.id)).toEqual([item.id]);
  });

  it('answers 400 for malformed query values', async () => {
    for (const q of ['offset=-1', 'limit=0', 'limit=abc', 'creationDateFrom=yesterday', 'hasBetterSuggestion=maybe']) {
      const res = await sandbox.call(`${ITEMS}/search?${q}`);
      expect(res.status, q).toBe(400);
      expect(Object.keys((await problem(res)).errors ?? {})).toHaveLength(1);
    }
  });
});
