import { eventEnvelopeSchema } from '../../src/contract/events.js';
import { createSubscriptionsFeature } from '../../src/sandbox/subscriptions/subscriptions-feature.js';
import { startReceiver } from '../../src/sandbox/subscriptions/test-receiver.js';
import { startSandbox } from '../../src/sandbox/test-support/start-sandbox.js';
import type { Engine } from '../../src/server-kit/database/engine.js';
import { testDatabaseUrl, testEngines } from '../../src/server-kit/database/test-databases.js';
import type { Bench, BenchResult } from './bench-types.js';

const EVENTS = 1_000;
/** One event every 5 ms (200 per second), a steady stream rather than one burst. */
const INTERVAL_MS = 5;
const GOAL_MS = 1_000;

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * From an event's commit to its webhook arriving at the subscriber (a receiver on loopback that
 * answers 200 at once), on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL.
 */
export const bench: Bench = {
  title: 'webhook delivery latency',
  async run(): Promise<BenchResult[]> {
    const results: BenchResult[] = [];
    for (const engine of testEngines()) results.push(...(await measure(engine)).map((r) => ({ ...r, name: `${engine}: ${r.name}` })));
    return results;
  },
};

async function measure(engine: Engine): Promise<BenchResult[]> {
  const sandbox = await startSandbox(
    { seed: false, logLevel: 'silent', databaseUrl: await testDatabaseUrl(engine) },
    { features: [createSubscriptionsFeature()] },
  );
  const receiver = await startReceiver();
  try {
    const created = await sandbox.call('/v1/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        eventType: 'DeclarationStatusChanged',
        subscriptionDestination: { destinationType: 'OAuthApiDestination' },
        destinationDescription: { destinationUrl: `${receiver.url}/hook` },
      }),
    });
    if (created.status !== 201) throw new Error(`subscription creation answered ${created.status}`);
    const committedAt = new Map<string, number>();
    for (let i = 0; i < EVENTS; i++) {
      const event = await sandbox.ctx.events.publish({
        tenantId: 't-acc-001',
        eventType: 'DeclarationStatusChanged',
        eventSubType: 'Released',
        data: { id: `DEC-${i}`, currentStatus: 'Released' },
      });
      committedAt.set(event.id, performance.now());
      await new Promise((r) => setTimeout(r, INTERVAL_MS));
    }
    const received = await receiver.waitFor(EVENTS, 120_000);
    const latencies = received
      .map((r) => r.at - (committedAt.get(eventEnvelopeSchema.parse(JSON.parse(r.text)).id) ?? Number.NaN))
      .sort((a, b) => a - b);
    const note = `${EVENTS} events at one per ${INTERVAL_MS} ms, one subscriber on loopback answering 200`;
    return [
      { name: 'event committed to webhook received, p50', value: percentile(latencies, 50), unit: 'ms', note },
      {
        name: 'event committed to webhook received, p95',
        value: percentile(latencies, 95),
        unit: 'ms',
        goal: `≤ ${GOAL_MS} ms`,
        met: percentile(latencies, 95) <= GOAL_MS,
        note,
      },
    ];
  } finally {
    await receiver.close();
    await sandbox.close();
  }
}
