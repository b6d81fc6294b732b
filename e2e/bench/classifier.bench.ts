import { performance } from 'node:perf_hooks';
import { classificationItemSchema, classificationRunSchema, startClassificationResponseSchema } from '../../src/contract/classification.js';
import { Classifier } from '../../src/sandbox/classifier/engine.js';
import { buildIndex } from '../../src/sandbox/classifier/index-build.js';
import { loadNomenclature } from '../../src/sandbox/classifier/nomenclature.js';
import { startSandbox } from '../../src/sandbox/test-support/start-sandbox.js';
import type { Bench, BenchResult } from './bench-types.js';

const DESCRIPTIONS = [
  "Women's handbag with outer surface of leather and a shoulder strap",
  "Men's knitted cotton t-shirts, short sleeves",
  'Blended Scotch whisky in 70 cl bottles',
  'Lithium-ion batteries for mobile phones',
  'Stainless steel kitchen knives with fixed blades',
  'Roasted coffee beans in 1 kg bags',
  'Photovoltaic solar panels of crystalline silicon',
  'Wooden toy building blocks for children',
  'Vacuum cleaners with self-contained electric motor',
  'Frozen peeled shrimps',
];
const RUNS = 60;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Index build time and memory, engine latency, and HTTP run latency (POST until Completed) on a real sandbox. */
export const bench: Bench = {
  title: 'classifier',
  async run(): Promise<BenchResult[]> {
    const rssBefore = process.memoryUsage().rss;
    const loadStarted = performance.now();
    const nomenclature = loadNomenclature();
    const loadMs = performance.now() - loadStarted;
    const index = buildIndex({ nomenclature });
    const modelStarted = performance.now();
    const classifier = new Classifier(index);
    const modelMs = performance.now() - modelStarted;
    const rssIndex = (process.memoryUsage().rss - rssBefore) / 2 ** 20;

    const engineTimes: number[] = [];
    for (let i = 0; i < 500; i++) {
      const started = performance.now();
      classifier.classify({ jurisdiction: i % 2 ? 'EU' : 'UK', description: DESCRIPTIONS[i % DESCRIPTIONS.length] ?? '' });
      engineTimes.push(performance.now() - started);
    }

    const sandbox = await startSandbox({ seed: false });
    const runTimes: number[] = [];
    try {
      await sandbox.control(`/_sandbox/tenants/t-acc-001/credits`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ credits: RUNS + 10 }),
      });
      const created = await sandbox.call('/v1/classifications/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ externalReference: 'BENCH-1', description: DESCRIPTIONS[0] }),
      });
      const item = classificationItemSchema.parse(await created.json());
      for (let i = 0; i < RUNS + 1; i++) {
        const started = performance.now();
        const res = await sandbox.call(`/v1/classifications/items/${item.id}/classifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jurisdiction: 'EU' }),
        });
        const { classificationId } = startClassificationResponseSchema.parse(await res.json());
        for (;;) {
          const run = classificationRunSchema.parse(
            await (await sandbox.call(`/v1/classifications/items/${item.id}/classifications/${classificationId}`)).json(),
          );
          if (run.status === 'Completed' || run.status === 'Error') break;
          await new Promise((r) => setTimeout(r, 5));
        }
        if (i > 0) runTimes.push(performance.now() - started); // the first run pays the (shared) index build
      }
    } finally {
      await sandbox.close();
    }
    return [
      { name: 'data load (CSV parse)', value: loadMs, unit: 'ms' },
      {
        name: 'index build',
        value: index.stats.buildMs,
        unit: 'ms',
        note: `${index.stats.docs} code documents, ${index.stats.terms} terms, ${index.stats.postings} postings`,
      },
      {
        name: 'model load + neighbour memory + head nouns',
        value: modelMs,
        unit: 'ms',
        note: `learned model ${classifier.model.shape.dim} dimensions, ${classifier.memory.size} remembered references`,
      },
      { name: 'RSS added by data + index + model', value: rssIndex, unit: 'MB' },
      { name: 'RSS total', value: process.memoryUsage().rss / 2 ** 20, unit: 'MB', note: 'after the HTTP runs' },
      { name: 'engine classify p50', value: percentile(engineTimes, 50), unit: 'ms' },
      { name: 'engine classify p95', value: percentile(engineTimes, 95), unit: 'ms' },
      {
        name: 'run POST to Completed p50',
        value: percentile(runTimes, 50),
        unit: 'ms',
        note: `${RUNS} runs over HTTP, polling every 5 ms`,
      },
      { name: 'run POST to Completed p95', value: percentile(runTimes, 95), unit: 'ms' },
    ];
  },
};
