import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../contract/problem.js';
import { search } from '../flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { MAX_XML_DEPTH, xmlLimitProblem } from './xml-limits.js';

/**
 * Hole 3 (issue 11): a DOCTYPE, an over-long entity or too-deep nesting answered 500 on every XML
 * ingestion endpoint, and clients retry 500s: a poison message retried forever. Now a 400 naming
 * the reason; no entity is ever expanded or resolved.
 */
const nest = (depth: number, inner = 'x'): string => `${'<a>'.repeat(depth)}${inner}${'</a>'.repeat(depth)}`;

describe('XML limits (pre-scan)', () => {
  it('refuses DOCTYPE and entity declarations in any case', () => {
    expect(xmlLimitProblem('<!DOCTYPE a><a/>')).toMatch(/DOCTYPE/);
    expect(xmlLimitProblem('<?xml version="1.0"?>\n<!doctype a [<!ENTITY x "y">]><a>&x;</a>')).toMatch(/DOCTYPE/);
    expect(xmlLimitProblem('<a><!ENTITY x "y"></a>')).toMatch(/entity/);
  });

  it(`allows ${MAX_XML_DEPTH} levels of nesting and refuses one more`, () => {
    expect(xmlLimitProblem(nest(MAX_XML_DEPTH))).toBeUndefined();
    expect(xmlLimitProblem(nest(MAX_XML_DEPTH + 1))).toMatch(/nested deeper than/);
    expect(xmlLimitProblem(`${'<a><b/>'.repeat(MAX_XML_DEPTH)}${'</a>'.repeat(MAX_XML_DEPTH)}`)).toBeUndefined();
    expect(xmlLimitProblem('<a>'.repeat(100_000))).toMatch(/nested deeper than/);
  });

  it('ignores markup-like text in comments, CDATA, processing instructions and attribute values', () => {
    expect(xmlLimitProblem('<?xml version="1.0"?><!-- <!DOCTYPE x> --><a t="<b>" u=\'>\'><![CDATA[<!DOCTYPE y>]]></a>')).toBeUndefined();
  });

  it('scans a large unterminated body in linear time (no quadratic backtracking)', () => {
    expect(xmlLimitProblem(`<a>${'<b "'.repeat(200_000)}</a>`)).toBeUndefined();
  });
});

const XML_ENDPOINTS = [
  '/v1/customsshipments',
  '/v1/articledataitems',
  '/v1/businesspartners',
  '/v1/formulas',
  '/v1/materiallists',
  '/v1/materiallistinvalidationrequests',
  '/v1/certificatesoforigin',
  '/v1/shipments',
  '/v1/movementorders',
  '/v1/movements',
];

const POISON: Record<string, [body: string, reason: RegExp]> = {
  'internal entity': [
    '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x "POISON">]><m><externalReference>&x;</externalReference></m>',
    /DOCTYPE/,
  ],
  'external entity': [
    '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><m><externalReference>&x;</externalReference></m>',
    /DOCTYPE/,
  ],
  'billion laughs': [
    `<!DOCTYPE m [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 8 }, (_, i) => `<!ENTITY e${i} "${`&${i ? `e${i - 1}` : 'a'};`.repeat(10)}">`).join('')}]><m><x>&e7;</x></m>`,
    /DOCTYPE/,
  ],
  'over-long entity': [`<!DOCTYPE m [<!ENTITY x "${'y'.repeat(100_000)}">]><m><x>&x;</x></m>`, /DOCTYPE/],
  'too-deep nesting': [`<m>${nest(MAX_XML_DEPTH + 5)}</m>`, /nested deeper/],
  'runaway nesting': ['<m>'.repeat(50_000), /nested deeper/],
};

describe('XML ingestion endpoints refuse poison bodies with 400', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ seed: false });
  });
  afterAll(() => sb.close());

  for (const path of XML_ENDPOINTS) {
    it.each(Object.entries(POISON))(`${path}: %s`, async (_name, [body, reason]) => {
      const res = await sb.call(path, { method: 'POST', headers: { 'content-type': 'application/xml' }, body });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = problemSchema.parse(await res.json());
      expect(problem['invalid-parameters']?.[0]?.reason).toMatch(reason);
    });
  }

  it('stores nothing of a refused shipment', async () => {
    const body =
      '<!DOCTYPE m [<!ENTITY x "XMLPOISON-1">]><customsShipment><externalReference>XMLPOISON-1</externalReference></customsShipment>';
    expect((await sb.call('/v1/customsshipments', { method: 'POST', headers: { 'content-type': 'text/xml' }, body })).status).toBe(400);
    expect(await search(sb, 'externalReference=XMLPOISON-1')).toHaveLength(0);
  });
});
