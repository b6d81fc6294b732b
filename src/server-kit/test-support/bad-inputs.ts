import fc from 'fast-check';
import { problemSchema } from '../../contract/problem.js';
import type { RegisteredRoute } from '../http/route-list.js';

/**
 * Test support: the hostile inputs every route of a server is walked with (the fuzz tests of the
 * sandbox and the BFF), and the judgement of an answer. A refusal is a 4xx problem document,
 * never a 5xx a client would retry.
 */

const DEEP = 10_000;
/** Keys a lookup on a plain object would read as inherited members. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
/** Field names of the service's bodies, so generated bodies get past the first checks now and then. */
const FIELD_NAMES = [
  'externalReference',
  'description',
  'origin',
  'images',
  'assignedClassifications',
  'jurisdiction',
  'code',
  'comment',
  'eventType',
  'destinationDescription',
  'subscriptionDestination',
  'singleAdministrativeDocument',
  'goodsShipment',
  'governmentAgencyGoodsItems',
  'quantity',
  'reason',
  'documentType',
  'url',
  'contentBase64',
  'fileName',
  'declarationIds',
  'action',
  'errorCode',
  'note',
  'itemId',
  'decision',
];

export interface BadInput {
  label: string;
  body: string;
  contentType: string;
  /** 'refused': a 400 problem (415 where the route does not take the type); 'handled': anything but a 5xx (a 4xx a problem document). */
  expect: 'refused' | 'handled';
}

/** The fixed probes of issue 24: deep nesting, NUL characters, prototype keys. */
export const FIXED_BAD_BODIES: readonly BadInput[] = [
  {
    label: 'JSON arrays nested 10,000 deep',
    body: `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`,
    contentType: 'application/json',
    expect: 'refused',
  },
  {
    label: 'JSON objects nested 10,000 deep',
    body: `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
    contentType: 'application/json',
    expect: 'refused',
  },
  {
    label: 'merge patch nested 10,000 deep',
    body: `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
    contentType: 'application/merge-patch+json',
    expect: 'refused',
  },
  {
    label: 'NUL in string values',
    body: JSON.stringify({ externalReference: 'NUL\u0000REF', description: 'a\u0000b', reason: '\u0000' }),
    contentType: 'application/json',
    expect: 'refused',
  },
  { label: 'NUL in a key', body: '{"external\\u0000Reference":"x"}', contentType: 'application/json', expect: 'refused' },
  {
    label: 'NUL in a merge patch',
    body: JSON.stringify({ externalReference: 'x\u0000' }),
    contentType: 'application/merge-patch+json',
    expect: 'refused',
  },
  {
    label: 'prototype keys',
    body: '{"__proto__":{"polluted":1},"constructor":"x","toString":"y","hasOwnProperty":1,"valueOf":{},"externalReference":"PROTO","description":"d"}',
    contentType: 'application/json',
    expect: 'handled',
  },
  {
    label: 'prototype keys in a merge patch',
    body: '{"__proto__":{"a":1},"constructor":{"prototype":{"x":1}},"toString":null}',
    contentType: 'application/merge-patch+json',
    expect: 'handled',
  },
];

/** For routes that take XML. */
export const FIXED_BAD_XML: readonly BadInput[] = [
  {
    label: 'XML with a NUL character reference',
    body: '<message><externalReference>A&#0;B</externalReference></message>',
    contentType: 'application/xml',
    expect: 'refused',
  },
  {
    label: 'XML with a hex NUL reference',
    body: '<message><description>&#x000;</description></message>',
    contentType: 'text/xml',
    expect: 'refused',
  },
  {
    label: 'XML nested 10,000 deep',
    body: `${'<a>'.repeat(DEEP)}${'</a>'.repeat(DEEP)}`,
    contentType: 'application/xml',
    expect: 'refused',
  },
  {
    label: 'XML with prototype element names',
    body: '<message><__proto__><x>1</x></__proto__><constructor>c</constructor><toString>t</toString></message>',
    contentType: 'application/xml',
    expect: 'handled',
  },
];

/** Query strings appended to a route's path. */
export const FIXED_BAD_QUERIES: readonly { label: string; query: string; expect: 'refused' | 'handled' }[] = [
  { label: 'NUL in a query value', query: '?externalReference=%00&limit=1%00', expect: 'refused' },
  {
    label: 'prototype keys and wrong types in the query',
    query: '?__proto__=1&constructor=x&toString=y&limit=abc&offset=-1&include=%ff',
    expect: 'handled',
  },
];

const key = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, ...FIELD_NAMES), fc.string({ maxLength: 8 }));
const leaf = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', '\u0000', '2026-13-45', '-1', 'EU', '1e999'),
);
const { value } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf.map((v) => JSON.stringify(v)),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(key, tie('value')), { maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
}));
/** Mostly objects at the top, as bodies are. */
const body = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(key, value), { minLength: 1, maxLength: 6 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  },
  { weight: 1, arbitrary: value },
);

/** Generated JSON bodies of wrong types and shapes (fast-check, a fixed seed per route so a failure repeats). */
export function generatedBodies(seed: number, count: number): BadInput[] {
  return fc
    .sample(body, { seed, numRuns: count })
    .map((text, i) => ({
      label: `generated body ${i} (seed ${seed}): ${text.slice(0, 120)}`,
      body: text,
      contentType: 'application/json',
      expect: 'handled',
    }));
}

/** A stable seed per route, so each route gets its own bodies and a failure repeats. */
export const seedOf = (route: RegisteredRoute): number =>
  [...`${route.method} ${route.url}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** Why the answer breaks the rule, or undefined. `problems`: whether this family answers 4xx with problem documents. */
export function misjudged(answer: FuzzAnswer, expect: 'refused' | 'handled', problems = true): string | undefined {
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 200)}`;
  if (expect === 'refused' && ![400, 401, 403, 415].includes(answer.status))
    return `expected 400, got ${answer.status} ${answer.text.slice(0, 200)}`;
  if (answer.status < 400 || !problems) return undefined;
  if (!answer.contentType.includes('application/problem+json'))
    return `${answer.status} without a problem document (${answer.contentType})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return `${answer.status} with an unreadable problem document`;
  }
  const problem = problemSchema.safeParse(parsed);
  if (!problem.success || problem.data.status !== answer.status)
    return `${answer.status} with a malformed problem document ${answer.text.slice(0, 200)}`;
  return undefined;
}

/** A concrete path for a route pattern: each parameter from `params` (by name), else `x`; a wildcard becomes `x`. */
export const concretePath = (url: string, params: Readonly<Record<string, string>> = {}): string =>
  url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (Object.hasOwn(params, name) ? (params[name] ?? 'x') : 'x')).replace(/\*/g, 'x');

/** The same path with its last parameter carrying a NUL (`%00`). */
export const withNulParameter = (url: string, params: Readonly<Record<string, string>> = {}): string | undefined => {
  const names = [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  const last = names.at(-1);
  return last === undefined ? undefined : concretePath(url, { ...params, [last]: `${params[last] ?? 'x'}%00` });
};
