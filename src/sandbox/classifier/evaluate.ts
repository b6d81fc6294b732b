/**
 * `npm run eval:classifier`: accuracy of the lexical engine on goods terms it has not indexed.
 * A deterministic 20 % of the UK search references (isHeldOut) is left out of the index and
 * used as queries; a hit is a proposed code sharing the first 4 (heading) or 6 (subheading)
 * digits with the reference's code. Also prints index build time, memory and run latency.
 */
import { Classifier } from './engine.js';
import { buildIndex } from './index-build.js';
import { isHeldOut, loadNomenclature } from './nomenclature.js';

export interface EvaluationReport {
  queries: number;
  top1Heading: number;
  top5Heading: number;
  top1Subheading: number;
  top5Subheading: number;
  buildMs: number;
  rssMb: number;
  heapMb: number;
  p50Ms: number;
  p95Ms: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export function evaluate(): EvaluationReport {
  const rssBefore = process.memoryUsage().rss;
  const nomenclature = loadNomenclature();
  const index = buildIndex({ nomenclature, excludeReference: isHeldOut });
  const classifier = new Classifier(index);
  const memory = process.memoryUsage();
  const tests = nomenclature.searchReferences.filter((r) => isHeldOut(r.term));
  const hits = { h1: 0, h5: 0, s1: 0, s5: 0 };
  const times: number[] = [];
  for (const t of tests) {
    const started = performance.now();
    const { options } = classifier.classify({ jurisdiction: 'UK', description: t.term });
    times.push(performance.now() - started);
    const codes = options.map((o) => o.code);
    if (codes[0]?.slice(0, 4) === t.code.slice(0, 4)) hits.h1++;
    if (codes.some((c) => c.slice(0, 4) === t.code.slice(0, 4))) hits.h5++;
    if (codes[0]?.slice(0, 6) === t.code.slice(0, 6)) hits.s1++;
    if (codes.some((c) => c.slice(0, 6) === t.code.slice(0, 6))) hits.s5++;
  }
  times.sort((a, b) => a - b);
  const pct = (n: number): number => (tests.length ? (100 * n) / tests.length : 0);
  return {
    queries: tests.length,
    top1Heading: pct(hits.h1),
    top5Heading: pct(hits.h5),
    top1Subheading: pct(hits.s1),
    top5Subheading: pct(hits.s5),
    buildMs: index.stats.buildMs,
    rssMb: (memory.rss - rssBefore) / 2 ** 20,
    heapMb: memory.heapUsed / 2 ** 20,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '');
if (isMain) {
  const r = evaluate();
  const rows: [string, string][] = [
    ['held-out goods terms (queries)', String(r.queries)],
    ['top-1 heading (4 digits)', `${r.top1Heading.toFixed(1)} %`],
    ['top-5 heading (4 digits)', `${r.top5Heading.toFixed(1)} %`],
    ['top-1 subheading (6 digits)', `${r.top1Subheading.toFixed(1)} %`],
    ['top-5 subheading (6 digits)', `${r.top5Subheading.toFixed(1)} %`],
    ['index build', `${r.buildMs.toFixed(0)} ms`],
    ['RSS added by data + index', `${r.rssMb.toFixed(0)} MB`],
    ['heap used', `${r.heapMb.toFixed(0)} MB`],
    ['classify latency p50', `${r.p50Ms.toFixed(2)} ms`],
    ['classify latency p95', `${r.p95Ms.toFixed(2)} ms`],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  console.log(`| ${'measure'.padEnd(w)} | value      |`);
  console.log(`|${'-'.repeat(w + 2)}|------------|`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(w)} | ${v.padEnd(10)} |`);
}
