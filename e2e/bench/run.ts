import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import type { Bench, BenchResult } from './bench-types.js';

/**
 * `npm run bench`: runs every benchmark in turn, prints one table with each figure beside its goal
 * and the machine it ran on, and writes the same to e2e/bench/results.json so a later run can be
 * compared with this one (a filtered run to results.filtered.json). Add a benchmark by listing its module here. `npm run bench -- <filter>`
 * runs the ones whose title contains it (several, comma-separated: `-- "first screen,BFF proxy"`).
 */
const BENCHES: (() => Promise<{ bench: Bench }>)[] = [
  () => import('./formula-movement.bench.js'),
  () => import('./ingestion-search.bench.js'),
  () => import('./webhook-latency.bench.js'),
  () => import('./bff-replicas.bench.js'),
  () => import('./classifier.bench.js'),
  () => import('./bff-proxy.bench.js'),
  () => import('./first-screen.bench.js'),
  () => import('./goods-items-table.bench.js'),
  () => import('./movement-lines.bench.js'),
  () => import('./search-render.bench.js'),
  () => import('./dashboard.bench.js'),
  () => import('./tariff.bench.js'),
  () => import('./picker-keystroke.bench.js'),
];
/** A full run's record, kept in the repository; a filtered run writes beside it (ignored by git) so it never replaces the full record. */
const RESULTS_FILE = 'e2e/bench/results.json';
const FILTERED_RESULTS_FILE = 'e2e/bench/results.filtered.json';

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  loadAverageAtStart: loadAverage(),
  loadAverageAtEnd: '',
};

const filter = process.argv[2]?.toLowerCase();
const wanted = (title: string) => !filter || filter.split(',').some((f) => title.toLowerCase().includes(f.trim()));
const rows: (BenchResult & { bench: string })[] = [];
const failures: { bench: string; error: string }[] = [];
for (const load of BENCHES) {
  const { bench } = await load();
  if (!wanted(bench.title)) continue;
  process.stderr.write(`running ${bench.title}...\n`);
  try {
    for (const r of await bench.run()) rows.push({ ...r, bench: bench.title });
  } catch (e) {
    // One broken benchmark must not hide the others' figures.
    const error = e instanceof Error ? e.message : String(e);
    failures.push({ bench: bench.title, error });
    process.stderr.write(`  ${bench.title} failed: ${error}\n`);
  }
}
machine.loadAverageAtEnd = loadAverage();

const verdict = (r: BenchResult) => (r.goal === undefined ? '' : r.met === undefined ? 'n/a' : r.met ? 'met' : 'NOT met');
const header = ['benchmark', 'measure', 'value', 'unit', 'goal', '', 'note'];
const table = rows.map((r) => [
  r.bench,
  r.name,
  Number.isNaN(r.value) ? '—' : r.value.toFixed(r.value < 10 ? 2 : 0),
  r.unit,
  r.goal ?? '',
  verdict(r),
  r.note ?? '',
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(
  `machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}; load average ${machine.loadAverageAtStart} at start, ${machine.loadAverageAtEnd} at end`,
);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
for (const f of failures) console.log(`FAILED ${f.bench}: ${f.error}`);

const resultsFile = filter ? FILTERED_RESULTS_FILE : RESULTS_FILE;
writeFileSync(
  resultsFile,
  `${JSON.stringify({ date: new Date().toISOString(), filter: filter ?? null, machine, results: rows, failures }, null, 2)}\n`,
);
console.log(`written to ${resultsFile}`);
process.exit(failures.length ? 1 : 0);
