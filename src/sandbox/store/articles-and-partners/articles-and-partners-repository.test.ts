import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';

const AT = '2026-04-01T12:00:00.000Z';

describe.each(testEngines())('articles and business partners on %s', (engine) => {
  let store: SandboxStore;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
  });
  afterEach(async () => store.close());

  it('creates and replaces articles whole, per tenant; the last of a repeated itemId wins', async () => {
    const repo = store.repos.articlesAndPartners;
    await repo.upsertArticles(
      't-1',
      [
        { itemId: 'SKU-1', description: 'Mugs', commodityCode: '69120021' },
        { itemId: 'SKU-2', description: 'Bolts' },
      ],
      AT,
    );
    await repo.upsertArticles(
      't-1',
      [
        { itemId: 'SKU-1', description: 'first' },
        { itemId: 'SKU-1', description: 'Cups', netMass: 0.3 },
      ],
      AT,
    );
    expect(await repo.article('t-1', 'SKU-1')).toEqual({ itemId: 'SKU-1', description: 'Cups', netMass: 0.3 });
    expect(await repo.article('t-1', 'SKU-2')).toEqual({ itemId: 'SKU-2', description: 'Bolts' });
    expect(await repo.article('t-2', 'SKU-1')).toBeUndefined();
    expect(await repo.article('t-1', 'sku-1')).toBeUndefined();
  });

  it('creates and replaces business partners whole and lists a tenant’s in code point order', async () => {
    const repo = store.repos.articlesAndPartners;
    const partner = (code: string, name = code) => ({ businessPartnerCode: code, name, roles: ['Consignee'] });
    await repo.upsertBusinessPartners(
      't-1',
      ['bp-a', 'BP_A', 'BP-B', 'BP-a', 'BP-10', 'BP-9'].map((c) => partner(c)),
      AT,
    );
    await repo.upsertBusinessPartners('t-1', [{ businessPartnerCode: 'BP-B', name: 'Replaced', eori: 'GB1' }], AT);
    await repo.upsertBusinessPartners('t-2', [partner('BP-Z')], AT);
    expect(await repo.businessPartner('t-1', 'BP-B')).toEqual({ businessPartnerCode: 'BP-B', name: 'Replaced', eori: 'GB1' });
    expect(await repo.businessPartner('t-2', 'BP-B')).toBeUndefined();
    expect((await repo.businessPartners('t-1')).map((p) => p.businessPartnerCode)).toEqual([
      'BP-10',
      'BP-9',
      'BP-B',
      'BP-a',
      'BP_A',
      'bp-a',
    ]);
  });
});
