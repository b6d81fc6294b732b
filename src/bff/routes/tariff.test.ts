import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../contract/problem.js';
import { tariffCodeReadingSchema, tariffSearchResultSchema, tariffTreeSchema } from '../../contract/tariff.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

/** The tariff help over HTTP: code readings, search, tree; no upstream call (the upstream URL points nowhere). */
let idp: FakeIdentityProvider;
let bff: RunningBff;
let token: string;

beforeAll(async () => {
  idp = await startFakeIdentityProvider();
  bff = await startBff({
    UPSTREAM_BASE_URL: 'http://127.0.0.1:9',
    UPSTREAM_CLIENT_SECRET: 'unused',
    USER_ISSUER: idp.issuer,
    USER_JWKS_URL: idp.jwksUrl,
  });
  token = await idp.token({ roles: ['clerk'] });
});

afterAll(async () => {
  await bff?.close();
  await idp?.close();
});

const get = (path: string, bearer = token) => fetch(`${bff.url}${path}`, { headers: { authorization: `Bearer ${bearer}` } });

describe('GET /api/tariff/codes/{code}', () => {
  it('reads a CN 8-digit line level by level, with its supplementary unit and validity', async () => {
    const res = await get('/api/tariff/codes/6109%2010%2000');
    expect(res.status).toBe(200);
    const reading = tariffCodeReadingSchema.parse(await res.json());
    expect(reading.status).toBe('leaf');
    expect(reading.levels.map((l) => [l.level, l.code, l.description])).toEqual([
      ['section', 'XI', 'Textiles and textile articles'],
      ['chapter', '61', 'Articles of apparel and clothing accessories, knitted or crocheted'],
      ['heading', '6109', 'T-shirts, singlets and other vests, knitted or crocheted'],
      ['cn8', '61091000', 'Of cotton'],
    ]);
    expect(reading.node?.supplementaryUnit).toEqual({ code: 'PST', label: 'p/st (number of items)' });
    expect(reading.node?.validity).toEqual({ nomenclature: 'CN 2026', from: '2026-01-01', to: '2026-12-31' });
  });

  it('says a code does not exist, keeping the levels typed right; a heading is no leaf; a 10-digit code reads at its CN line', async () => {
    const unknown = tariffCodeReadingSchema.parse(await (await get('/api/tariff/codes/61099999')).json());
    expect(unknown).toMatchObject({ status: 'unknown', node: null });
    expect(unknown.levels.map((l) => l.code)).toEqual(['XI', '61', '6109']);
    expect(tariffCodeReadingSchema.parse(await (await get('/api/tariff/codes/99999999')).json())).toMatchObject({
      status: 'unknown',
      levels: [],
    });

    const heading = tariffCodeReadingSchema.parse(await (await get('/api/tariff/codes/6109')).json());
    expect(heading).toMatchObject({ status: 'notLeaf', node: { code: '6109', childCount: 2 } });
    // An HS subheading the CN does not split: it reads through HS 2022, one CN line below it.
    const hs = tariffCodeReadingSchema.parse(await (await get('/api/tariff/codes/610910')).json());
    expect(hs).toMatchObject({ status: 'notLeaf', node: { level: 'subheading', childCount: 1, validity: { nomenclature: 'HS 2022' } } });

    const national = tariffCodeReadingSchema.parse(await (await get('/api/tariff/codes/6109100010')).json());
    expect(national).toMatchObject({ status: 'leaf', nationalDigits: '10', node: { code: '61091000' } });
  });

  it('answers a malformed code with a problem document naming the parameter', async () => {
    const res = await get('/api/tariff/codes/61a9');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(problemSchema.parse(await res.json()).status).toBe(400);
  });
});

describe('GET /api/tariff/search', () => {
  it('finds 6109 10 00 first for the words a clerk types', async () => {
    for (const q of ['cotton t-shirts', 'Cotton T shirt', 'tees of cotton']) {
      const result = tariffSearchResultSchema.parse(await (await get(`/api/tariff/search?q=${encodeURIComponent(q)}`)).json());
      expect(result.by).toBe('words');
      expect(result.hits[0]?.node.code, q).toBe('61091000');
      expect(result.hits[0]?.context.map((c) => c.code)).toEqual(['6109']);
    }
  });

  it('reads clerks’ synonyms and stems', async () => {
    const jumper = tariffSearchResultSchema.parse(await (await get('/api/tariff/search?q=wool+jumpers&limit=5')).json());
    expect(jumper.hits.slice(0, 3).every((h) => h.node.code.startsWith('6110'))).toBe(true);
    const phone = tariffSearchResultSchema.parse(await (await get('/api/tariff/search?q=mobile+phone&limit=3')).json());
    expect(phone.hits.map((h) => h.node.code.slice(0, 4))).toContain('8517');
  });

  it('lists the lines under a code prefix in code order, and checks its query', async () => {
    const result = tariffSearchResultSchema.parse(await (await get('/api/tariff/search?q=6109&limit=5')).json());
    expect(result.by).toBe('code');
    expect(result.hits.map((h) => h.node.code)).toEqual(['6109', '61091000', '610990', '61099020', '61099090']);
    expect((await get('/api/tariff/search?q=')).status).toBe(400);
    expect((await get('/api/tariff/search?q=shirt&limit=500')).status).toBe(400);
  });
});

describe('GET /api/tariff/tree', () => {
  it('browses sections, chapters, headings and lines', async () => {
    const top = tariffTreeSchema.parse(await (await get('/api/tariff/tree')).json());
    expect(top.children).toHaveLength(21);
    expect(top.children[10]?.code).toBe('XI');
    const heading = tariffTreeSchema.parse(await (await get('/api/tariff/tree?parent=6109')).json());
    expect(heading.ancestors.map((a) => a.code)).toEqual(['XI', '61']);
    expect(heading.children.map((c) => [c.code, c.leaf])).toEqual([
      ['61091000', true],
      ['610990', false],
    ]);
    expect((await get('/api/tariff/tree?parent=9999')).status).toBe(404);
  });
});

describe('who may use it', () => {
  it('is for every signed-in role, and nobody else', async () => {
    for (const role of ['clerk', 'supervisor', 'analyst']) {
      expect((await get('/api/tariff/codes/61091000', await idp.token({ roles: [role] }))).status).toBe(200);
    }
    expect((await fetch(`${bff.url}/api/tariff/search?q=shirt`)).status).toBe(401);
  });
});
