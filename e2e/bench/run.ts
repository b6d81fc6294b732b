import type { Bench, BenchResult } from './bench-types.js';

/**
 * `npm run bench`: runs every benchmark in turn and prints one table. Add a benchmark by
 * listing its module here. `npm run bench -- <filter>` runs the ones whose title matches.
 */
const BENCHES: (() => Promise<{ bench: Bench }>)[] = [
  () => import('./formula-movement.bench.js'),
  () => import('./ingestion-search.bench.js'),
  () => import('./bff-replicas.bench.js'),
  () => import('./classifier.bench.js'),
  () => import('./goods-items-table.bench.js'),
  () => import('./search-render.bench.js'),
];

const filter = process.argv[2]?.toLowerCase();
const rows: (BenchResult & { bench: string })[] = [];
for (const load of BENCHES) {
  const { bench } = await load();
  if (filter && !bench.title.toLowerCase().includes(filter)) continue;
  process.stderr.write(`running ${bench.title}...\n`);
  for (const r of await bench.run()) rows.push({ ...r, bench: bench.title });
}

const header = ['benchmark', 'measure', 'value', 'unit', 'note'];
const table = rows.map((r) => [r.bench, r.name, r.value.toFixed(r.value < 10 ? 2 : 0), r.unit, r.note ?? '']);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
process.exit(0);
