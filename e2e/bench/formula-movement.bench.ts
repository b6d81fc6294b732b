import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/test-support/start-sandbox.js';
import type { Bench, BenchResult } from './bench-types.js';

const LINES = 9999;
const RUNS = 3;
const accepted = z.object({ referenceId: z.string() });
const statusOf = z.object({ status: z.string() }).loose();

const formulaJson = (run: number) =>
  JSON.stringify({
    itemId: `BENCH-FORMULA-${run}`,
    activeFromDate: '2025-01-01T00:00:00Z',
    quantity: 1000,
    uom: 'KGM',
    processingType: '1',
    formulaLines: Array.from({ length: LINES }, (_, i) => ({ itemId: `RM-${i}`, quantity: 1.25, uom: 'KGM' })),
    secondaryProducts: Array.from({ length: LINES }, (_, i) => ({ itemId: `SP-${i}`, quantity: 0.5, uom: 'KGM', isWaste: i % 2 === 0 })),
  });

const formulaXml = (run: number) =>
  `<formula><itemId>BENCH-XML-${run}</itemId><activeFromDate>2025-01-01</activeFromDate><quantity>1000</quantity><uom>KGM</uom><processingType>1</processingType><formulaLines>${Array.from(
    { length: LINES },
    (_, i) => `<formulaLine><itemId>RM-${i}</itemId><quantity>1.25</quantity><uom>KGM</uom></formulaLine>`,
  ).join('')}</formulaLines></formula>`;

const movementJson = (run: number) =>
  JSON.stringify({
    version: '1.0',
    movements: [
      {
        timestamp: '2025-10-01T08:00:00Z',
        externalReference: `BENCH-MO-${run}`,
        movementType: 'ADJP',
        category: 'ReceivedUnderSuspension',
        movementLines: Array.from({ length: LINES }, (_, i) => ({
          itemId: `GASOIL-${i}`,
          direction: 'In',
          quantity: 1000,
          uom: 'LTR',
          exciseProductCode: 'E430',
          authorizationId: 'NL00000123ABC',
          storageLocationReference: 'TANK-07',
          preferentialOriginCountry: 'NO',
          quantities: [{ quantity: 840, uom: 'KGM' }],
        })),
      },
    ],
  });

async function until(read: () => Promise<string>, done: (status: string) => boolean): Promise<string> {
  for (;;) {
    const status = await read();
    if (done(status)) return status;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Time to the 202, and to the final outcome (polling the status as a client would). */
async function measure(
  s: RunningSandbox,
  path: string,
  body: string,
  contentType: string,
  outcome: (referenceId: string) => Promise<string>,
  final: string[],
) {
  const t0 = performance.now();
  const res = await s.call(path, { method: 'POST', headers: { 'content-type': contentType }, body });
  if (res.status !== 202) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  const { referenceId } = accepted.parse(await res.json());
  const acceptMs = performance.now() - t0;
  const status = await until(
    () => outcome(referenceId),
    (st) => final.includes(st),
  );
  return { acceptMs, doneMs: performance.now() - t0, status, bytes: Buffer.byteLength(body) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export const bench: Bench = {
  title: 'formula and movement order ingestion (9,999 lines)',
  async run(): Promise<BenchResult[]> {
    // Simulated delays scaled to nothing: the numbers are the sandbox's own work.
    const s = await startSandbox({ seed: false, timeScale: 1_000_000 });
    try {
      const formulaOutcome = async (ref: string) =>
        statusOf.parse(await (await s.control(`/_sandbox/formula-messages/${ref}`)).json()).status;
      const orderOutcome = async (ref: string) => statusOf.parse(await (await s.call(`/v1/movementorders/${ref}-1`)).json()).status;
      const cases = [
        {
          name: 'formula JSON, 9,999 lines + 9,999 secondary products',
          path: '/v1/formulas',
          type: 'application/json',
          body: formulaJson,
          outcome: formulaOutcome,
          final: ['Processed', 'Rejected'],
        },
        {
          name: 'formula XML, 9,999 lines',
          path: '/v1/formulas',
          type: 'application/xml',
          body: formulaXml,
          outcome: formulaOutcome,
          final: ['Processed', 'Rejected'],
        },
        {
          name: 'movement order JSON, 9,999 lines',
          path: '/v1/movementorders',
          type: 'application/json',
          body: movementJson,
          outcome: orderOutcome,
          final: ['Processed', 'ProcessingError', 'Invalid', 'MissingDensity'],
        },
      ];
      const results: BenchResult[] = [];
      for (const c of cases) {
        const runs = [];
        for (let run = 0; run < RUNS; run++) runs.push(await measure(s, c.path, c.body(run), c.type, c.outcome, c.final));
        const note = `median of ${RUNS}; ${(runs[0]?.bytes ?? 0) / 1024 < 1024 ? `${Math.round((runs[0]?.bytes ?? 0) / 1024)} KiB` : `${((runs[0]?.bytes ?? 0) / 1048576).toFixed(1)} MiB`}; outcome ${runs.map((r) => r.status).join(', ')}`;
        results.push({ name: `${c.name}: POST → 202`, value: median(runs.map((r) => r.acceptMs)), unit: 'ms', note });
        results.push({ name: `${c.name}: POST → validated and processed`, value: median(runs.map((r) => r.doneMs)), unit: 'ms', note });
      }
      return results;
    } finally {
      await s.close();
    }
  },
};
