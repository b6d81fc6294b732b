import { performance } from 'node:perf_hooks';
import { Nomenclature } from '../../src/bff/tariff/nomenclature.js';
import { TariffSearch } from '../../src/bff/tariff/search.js';
import { startFakeIdentityProvider } from '../../src/bff/test-support/fake-identity-provider.js';
import { startBff } from '../../src/bff/test-support/start-bff.js';
import type { Bench, BenchResult } from './bench-types.js';

const CODES = ['61091000', '6109100010', '99999999', '6109', '85171300', '0306', '610910', '22030001', '94036010', '3926909790'];
const QUERIES = [
  'cotton t-shirts',
  'wool jumpers',
  'mobile phone',
  'frozen shrimps',
  'laptop',
  'stainless steel kitchen knives',
  'roasted coffee',
  'lithium-ion batteries',
  '8517',
  '61',
];
const ROUNDS = 2000;
const HTTP_ROUNDS = 300;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function times(rounds: number, work: (i: number) => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    work(i);
    out.push(performance.now() - started);
  }
  return out;
}

/** The tariff help on the shipped nomenclature: build, code lookup and search in the BFF's process, then over HTTP. */
export const bench: Bench = {
  title: 'tariff',
  async run(): Promise<BenchResult[]> {
    const rssBefore = process.memoryUsage().rss;
    const loadStarted = performance.now();
    const nomenclature = Nomenclature.load();
    const search = new TariffSearch(nomenclature);
    const loadMs = performance.now() - loadStarted;
    const rssMiB = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    const lookups = times(ROUNDS, (i) => nomenclature.read(CODES[i % CODES.length] ?? ''));
    const searches = times(ROUNDS / 4, (i) => search.search(QUERIES[i % QUERIES.length] ?? '', 10));

    const idp = await startFakeIdentityProvider();
    const bff = await startBff({
      UPSTREAM_BASE_URL: 'http://127.0.0.1:9',
      UPSTREAM_CLIENT_SECRET: 'unused',
      USER_ISSUER: idp.issuer,
      USER_JWKS_URL: idp.jwksUrl,
    });
    const http: { lookup: number[]; search: number[] } = { lookup: [], search: [] };
    try {
      const headers = { authorization: `Bearer ${await idp.token({ roles: ['clerk'], expiresIn: 3600 })}` };
      await fetch(`${bff.url}/api/tariff/codes/61091000`, { headers }); // builds the service
      for (let i = 0; i < HTTP_ROUNDS; i++) {
        for (const [kind, path] of [
          ['lookup', `/api/tariff/codes/${CODES[i % CODES.length] ?? ''}`],
          ['search', `/api/tariff/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length] ?? '')}`],
        ] as const) {
          const started = performance.now();
          const res = await fetch(`${bff.url}${path}`, { headers });
          await res.arrayBuffer();
          http[kind].push(performance.now() - started);
        }
      }
    } finally {
      await bff.close();
      await idp.close();
    }
    const lookupP95 = percentile(lookups, 95);
    const searchP95 = percentile(searches, 95);
    return [
      { name: 'load and index (first request)', value: loadMs, unit: 'ms', note: `RSS added ${rssMiB.toFixed(0)} MiB` },
      { name: 'code lookup p50', value: percentile(lookups, 50) * 1000, unit: 'µs' },
      { name: 'code lookup p95', value: lookupP95 * 1000, unit: 'µs', goal: '≤ 1 ms', met: lookupP95 <= 1 },
      { name: 'search p50', value: percentile(searches, 50), unit: 'ms' },
      { name: 'search p95', value: searchP95, unit: 'ms', goal: '≤ 20 ms', met: searchP95 <= 20 },
      { name: 'HTTP lookup p95', value: percentile(http.lookup, 95), unit: 'ms', note: 'token check, route and JSON included' },
      { name: 'HTTP search p95', value: percentile(http.search, 95), unit: 'ms', note: 'token check, route and JSON included' },
    ];
  },
};
