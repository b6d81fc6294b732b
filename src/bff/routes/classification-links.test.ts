import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationItemSchema, classificationSearchResultSchema } from '../../contract/classification.js';
import { classificationOfGoodsItemsSchema, goodsItemsOfClassificationSchema } from '../../contract/classification-links.js';
import { declarationSchema, declarationSearchResultSchema } from '../../contract/declarations.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

/** Classification items and the goods items they are about, read from the seeded sandbox through the BFF. */
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox(), startFakeIdentityProvider()]);
  bff = await startBff({
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_CLIENT_SECRET: 'console-acc-secret',
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  });
}, 60_000);

afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const call = async (path: string, roles: string[], init: RequestInit = {}) =>
  fetch(`${bff.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${await idp.token({ roles })}`, 'content-type': 'application/json', ...init.headers },
  });

/** The first seeded declaration with a goods item carrying an article id, and that goods item. */
async function declarationWithArticle() {
  const list = declarationSearchResultSchema.parse(await (await call('/api/v1/declarations/search?limit=100', ['analyst'])).json());
  for (const s of list) {
    const d = declarationSchema.parse(await (await call(`/api/v1/declarations/${s.declarationId}`, ['analyst'])).json());
    const goods = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems.find(
      (g) => typeof g.commodity?.itemId === 'string' && typeof g.commodity?.description === 'string',
    );
    if (goods) return { d, goods };
  }
  throw new Error('The seed has no goods item with an article id.');
}

async function itemByReference(reference: string) {
  const page = classificationSearchResultSchema.parse(
    await (await call(`/api/v1/classifications/items/search?externalReference=${encodeURIComponent(reference)}`, ['analyst'])).json(),
  );
  return page.data[0];
}

/** Scans read the latest declarations one by one: slow on a loaded machine. */
const SCAN_TEST_MS = 120_000;
let seeded: ReturnType<typeof declarationWithArticle>;

describe('classification links', () => {
  beforeAll(() => {
    seeded = declarationWithArticle();
  });

  it(
    'links a classification item filed under a goods item’s article id to that goods item, and back',
    async () => {
      const { d, goods } = await seeded;
      const article = String(goods.commodity?.itemId);
      const item =
        (await itemByReference(article)) ??
        classificationItemSchema.parse(
          await (
            await call('/api/v1/classifications/items', ['analyst'], {
              method: 'POST',
              body: JSON.stringify({ externalReference: article, description: 'An article filed by reference' }),
            })
          ).json(),
        );

      const res = await call(`/api/classification-links/items/${item.id}`, ['analyst']);
      expect(res.status).toBe(200);
      const links = goodsItemsOfClassificationSchema.parse(await res.json());
      expect(links.scanned).toBeGreaterThan(0);
      const match = links.matches.find((m) => m.declarationId === d.declarationId);
      expect(match?.items).toContainEqual(
        expect.objectContaining({ governmentAgencyGoodsItemId: goods.governmentAgencyGoodsItemId, by: 'reference' }),
      );

      const back = classificationOfGoodsItemsSchema.parse(
        await (await call(`/api/classification-links/declarations/${d.declarationId}`, ['analyst'])).json(),
      );
      const row = back.goodsItems.find((g) => g.governmentAgencyGoodsItemId === goods.governmentAgencyGoodsItemId);
      expect(row?.classificationItems).toContainEqual({ itemId: item.id, externalReference: article, by: 'reference' });
    },
    SCAN_TEST_MS,
  );

  it(
    'links by the same description, whatever the case and spacing',
    async () => {
      const { d, goods } = await seeded;
      const description = `  ${String(goods.commodity?.description).toUpperCase()} `;
      const created = classificationItemSchema.parse(
        await (
          await call('/api/v1/classifications/items', ['analyst'], {
            method: 'POST',
            body: JSON.stringify({ externalReference: `LINK-TEST-${Date.now()}`, description }),
          })
        ).json(),
      );
      const links = goodsItemsOfClassificationSchema.parse(
        await (await call(`/api/classification-links/items/${created.id}`, ['analyst'])).json(),
      );
      expect(links.matches.find((m) => m.declarationId === d.declarationId)?.items).toContainEqual(
        expect.objectContaining({ governmentAgencyGoodsItemId: goods.governmentAgencyGoodsItemId, by: 'description' }),
      );
      const back = classificationOfGoodsItemsSchema.parse(
        await (await call(`/api/classification-links/declarations/${d.declarationId}`, ['analyst'])).json(),
      );
      expect(
        back.goodsItems.find((g) => g.governmentAgencyGoodsItemId === goods.governmentAgencyGoodsItemId)?.classificationItems,
      ).toContainEqual({ itemId: created.id, externalReference: created.externalReference, by: 'description' });
    },
    SCAN_TEST_MS,
  );

  it('is for the roles that read classification items; unknown ids are 404, malformed ones 400', async () => {
    expect((await call('/api/classification-links/items/00000000-0000-4000-8000-000000000000', ['clerk'])).status).toBe(403);
    expect((await call('/api/classification-links/declarations/nope', ['clerk'])).status).toBe(403);
    expect((await call('/api/classification-links/items/00000000-0000-4000-8000-000000000000', ['analyst'])).status).toBe(404);
    expect((await call('/api/classification-links/declarations/nope', ['analyst'])).status).toBe(404);
    const bad = await call('/api/classification-links/items/not-a-uuid', ['analyst']);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });
});
