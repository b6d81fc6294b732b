/**
 * `npm run eval:classifier`: accuracy on text the engine never learned from, per style, with the
 * sample size and a 95 % Wilson interval; the calibration table (score band against accuracy);
 * the share of thin-description notes; an ablation (model only, lexical only); latency and memory.
 * The index and neighbour memory hold the training and validation splits, as the committed model
 * learned them (train.ts): everything but the hold-out.
 */
import { readFileSync, statSync } from 'node:fs';
import { csvRecords } from '../../server-kit/nomenclature/csv.js';
import { Classifier, type ClassifyOutput } from './engine.js';
import type { FusionParams } from './fusion.js';
import { buildIndex } from './index-build.js';
import { MODEL_BIN } from './model-file.js';
import { loadNomenclature, isHeldOut } from './nomenclature.js';
import { referenceTexts } from './training-data.js';
import { WordNetTerms } from './wordnet-terms.js';

interface Query {
  set: string;
  style: string;
  text: string;
  /** Empty for vague queries that expect no code but the thin note. */
  code: string;
}

interface Outcome {
  query: Query;
  out: ClassifyOutput;
  ms: number;
}

/** 95 % Wilson score interval of k successes in n, in percent. */
export function wilson(k: number, n: number): [number, number] {
  if (!n) return [0, 0];
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [100 * Math.max(0, c - h), 100 * Math.min(1, c + h)];
}

const pct = (k: number, n: number): string => {
  const [lo, hi] = wilson(k, n);
  return `${n ? ((100 * k) / n).toFixed(1) : '–'} (${lo.toFixed(0)}–${hi.toFixed(0)})`;
};

export function crossStyleQueries(): Query[] {
  return csvRecords(readFileSync(new URL('./data/cross-style.csv', import.meta.url), 'utf8')).map((r) => ({
    set: 'cross-style',
    style: r.style ?? '',
    text: r.query ?? '',
    code: r.code ?? '',
  }));
}

function hits(outcomes: Outcome[]): { n: number; h1: number; h5: number; s1: number; s5: number; thin: number } {
  const r = { n: 0, h1: 0, h5: 0, s1: 0, s5: 0, thin: 0 };
  for (const { query, out } of outcomes) {
    r.n++;
    if (out.thin) r.thin++;
    const codes = out.options.map((o) => o.code);
    const heading = query.code.slice(0, 4);
    const sub = query.code.slice(0, 6);
    if (codes[0]?.startsWith(heading)) r.h1++;
    if (codes.some((c) => c.startsWith(heading))) r.h5++;
    if (codes[0]?.startsWith(sub)) r.s1++;
    if (codes.some((c) => c.startsWith(sub))) r.s5++;
  }
  return r;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export function evaluate(): string {
  const rssBefore = process.memoryUsage().rss;
  const loadStarted = performance.now();
  const nomenclature = loadNomenclature();
  const loadMs = performance.now() - loadStarted;
  const index = buildIndex({ nomenclature, excludeReference: isHeldOut });
  const modelStarted = performance.now();
  const classifier = new Classifier(index);
  const modelMs = performance.now() - modelStarted;
  const rssMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;

  const queries: Query[] = [
    ...referenceTexts(nomenclature)
      .filter((r) => r.split === 'holdout')
      .map((r) => ({
        set: 'hold-out',
        style: r.style === 'search' ? 'search reference terms' : 'parcel descriptions',
        text: r.text,
        code: r.code,
      })),
    ...crossStyleQueries(),
  ];
  const run = (c: Classifier, qs: Query[]): Outcome[] =>
    qs.map((query) => {
      const started = performance.now();
      const out = c.classify({ jurisdiction: 'EU', description: query.text });
      return { query, out, ms: performance.now() - started };
    });
  const outcomes = run(classifier, queries);
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const key = `${o.query.set}|${o.query.style}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }

  const out: string[] = [];
  out.push('## Accuracy (EU, options compared on the first 4 / 6 digits; % with 95 % interval)\n');
  const rows: string[][] = [];
  for (const [key, list] of groups) {
    const [set = '', style = ''] = key.split('|');
    const scored = list.filter((o) => o.query.code);
    const h = hits(scored);
    const thin = list.filter((o) => o.out.thin).length;
    if (!scored.length) rows.push([set, style, String(list.length), '–', '–', '–', '–', pct(thin, list.length)]);
    else rows.push([set, style, String(h.n), pct(h.h1, h.n), pct(h.h5, h.n), pct(h.s1, h.n), pct(h.s5, h.n), pct(thin, list.length)]);
  }
  const cross = outcomes.filter((o) => o.query.set === 'cross-style');
  const crossScored = hits(cross.filter((o) => o.query.code));
  rows.push([
    'cross-style',
    'all with a sourced code',
    String(crossScored.n),
    pct(crossScored.h1, crossScored.n),
    pct(crossScored.h5, crossScored.n),
    pct(crossScored.s1, crossScored.n),
    pct(crossScored.s5, crossScored.n),
    pct(crossScored.thin, crossScored.n),
  ]);
  out.push(table(['set', 'style', 'n', 'top-1 heading', 'top-5 heading', 'top-1 subheading', 'top-5 subheading', 'thin note'], rows));

  // The cross-style set is never trained or tuned on: every query is listed, so a regression on a user-facing example shows.
  out.push('\n## Cross-style queries (data/cross-style.csv; never trained or tuned on)\n');
  const crossRows = cross.map(({ query, out: result }) => {
    const codes = result.options.map((o) => o.code);
    const rank = query.code ? codes.findIndex((c) => c.startsWith(query.code.slice(0, 4))) + 1 : 0;
    const outcome = !query.code ? (result.thin ? 'thin note' : 'NO thin note') : rank ? `heading at ${rank}` : 'heading missed';
    return [
      query.style,
      query.text,
      query.code || '–',
      result.options
        .slice(0, 3)
        .map((o) => `${o.code} (${o.score})`)
        .join(', ') || '–',
      outcome,
    ];
  });
  out.push(table(['style', 'query', 'sourced code', 'first options (score)', 'outcome'], crossRows));

  const proposed = outcomes.flatMap((o) => o.out.options.map((opt) => opt.code));
  const unreal = proposed.filter((code) => !classifier.exists(code, 'EU'));
  out.push(
    `\nOnly real codes: ${unreal.length} of ${proposed.length} proposed codes are not a CN8 line of the EU nomenclature${unreal.length ? ` (${[...new Set(unreal)].slice(0, 5).join(', ')})` : ''}.`,
  );

  const held = outcomes.filter((o) => o.query.set === 'hold-out');
  out.push('\n## Calibration on the hold-out (every option listed; score band against accuracy)\n');
  const bands: [number, number][] = [
    [0, 2],
    [2, 4],
    [4, 6],
    [6, 8],
    [8, 10.01],
  ];
  const calRows = bands.map(([lo, hi]) => {
    let n = 0;
    let head = 0;
    let sub = 0;
    let firstN = 0;
    let firstHead = 0;
    for (const { query, out: result } of held) {
      result.options.forEach((o, i) => {
        if (o.score < lo || o.score >= hi) return;
        n++;
        if (o.code.startsWith(query.code.slice(0, 4))) head++;
        if (o.code.startsWith(query.code.slice(0, 6))) sub++;
        if (i === 0) {
          firstN++;
          if (o.code.startsWith(query.code.slice(0, 4))) firstHead++;
        }
      });
    }
    return [`${lo}–${hi > 10 ? 10 : hi}`, String(n), pct(sub, n), pct(head, n), String(firstN), pct(firstHead, firstN)];
  });
  out.push(table(['score', 'options', 'right to 6 digits', 'right heading', 'first options', 'first: right heading'], calRows));

  out.push('\n## Ablation on the hold-out (top-5 heading %; same index and model)\n');
  const ablations: [string, FusionParams, WordNetTerms?][] = [
    ['fused (shipped)', classifier.meta.fusion],
    ['learned model only', { temperature: 1, lexicalWeight: 0, neighbourWeight: 0, headNounWeight: 0, priorWeight: 0 }],
    ['lexical (BM25F) only', { temperature: 1e9, lexicalWeight: 1, neighbourWeight: 0, headNounWeight: 0, priorWeight: 0 }],
    ['neighbours only', { temperature: 1e9, lexicalWeight: 0, neighbourWeight: 1, headNounWeight: 0, priorWeight: 0 }],
    ['fused without neighbours', { ...classifier.meta.fusion, neighbourWeight: 0 }],
    ['fused without head noun', { ...classifier.meta.fusion, headNounWeight: 0 }],
    ['fused without class prior', { ...classifier.meta.fusion, priorWeight: 0 }],
    ['fused without WordNet readings', classifier.meta.fusion, new WordNetTerms('')],
  ];
  const heldQueries = held.map((o) => o.query);
  const abRows = ablations.map(([name, fusion, wordnet]) => {
    const c = new Classifier(index, {
      model: { model: classifier.model, meta: { ...classifier.meta, fusion } },
      memory: classifier.memory,
      headNouns: classifier.headNouns,
      ...(wordnet ? { wordnet } : {}),
    });
    const res = run(c, heldQueries);
    return [
      name,
      ...['search reference terms', 'parcel descriptions'].map((style) => {
        const h = hits(res.filter((o) => o.query.style === style));
        return `${pct(h.h1, h.n)} / ${pct(h.h5, h.n)}`;
      }),
    ];
  });
  out.push(table(['engine', 'search terms: top-1 / top-5 heading', 'parcel: top-1 / top-5 heading'], abRows));

  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  out.push('\n## Cost (this machine)\n');
  out.push(
    table(
      ['measure', 'value'],
      [
        ['data load (CSV parse)', `${loadMs.toFixed(0)} ms`],
        ['lexical index build', `${index.stats.buildMs.toFixed(0)} ms`],
        [
          `model load (${(statSync(MODEL_BIN).size / 2 ** 20).toFixed(1)} MB int8), neighbour memory, head nouns`,
          `${modelMs.toFixed(0)} ms`,
        ],
        ['RSS added by data + index + model', `${rssMb.toFixed(0)} MB`],
        ['classify p50', `${percentile(times, 50).toFixed(2)} ms`],
        ['classify p95', `${percentile(times, 95).toFixed(2)} ms`],
      ],
    ),
  );
  return out.join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '');
if (isMain) console.log(evaluate());
