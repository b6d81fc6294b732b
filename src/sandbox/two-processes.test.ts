import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../server-kit/database/test-databases.js';
import { declarationsOf, postShipment, search, settle, statusTrail, validShipment } from './flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from './test-support/start-sandbox.js';

const BURST = 60;

/**
 * A team's shared sandbox: two processes on one PostgreSQL database, each taking customs
 * shipments. Every shipment is processed once, whichever process accepted it and whichever
 * claimed its job.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two sandbox processes on one PostgreSQL database', () => {
  let a: RunningSandbox;
  let b: RunningSandbox;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    // Behind one address, as a team deploys them: one public URL (token issuer, links).
    const shared = { databaseUrl, timeScale: 1000, publicUrl: 'http://sandbox.team.example' };
    [a, b] = await Promise.all([startSandbox(shared), startSandbox(shared)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('seed the demo data once', async () => {
    const allIds = async (sb: RunningSandbox): Promise<string[]> => {
      const ids: string[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await search(sb, `limit=100&offset=${offset}`);
        ids.push(...page.map((d) => d.declarationId));
        if (page.length < 100) return ids;
      }
    };
    const ids = await allIds(a);
    expect(ids.length).toBeGreaterThan(100);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await allIds(b)).toEqual(ids);
  });

  it('accept at one process a token the other issued (one set of keys for the deployment)', async () => {
    const res = await fetch(`${b.url}/v1/declarations/search?limit=1`, { headers: { authorization: `Bearer ${await a.token()}` } });
    expect(res.status).toBe(200);
  });

  it('process each customs shipment of a burst sent to both exactly once', async () => {
    const shipments = Array.from({ length: BURST }, (_, i) => validShipment({ externalReference: `BURST-${i}-${Date.now()}` }));
    const referenceIds = await Promise.all(shipments.map((s, i) => postShipment(i % 2 ? b : a, s)));
    expect(new Set(referenceIds).size).toBe(BURST);
    await Promise.all([settle(a, 60_000), settle(b, 60_000)]);

    const trails: string[][] = [];
    for (const [i, s] of shipments.entries()) {
      const found = await declarationsOf(i % 2 ? a : b, s.externalReference);
      expect(found, s.externalReference).toHaveLength(1);
      trails.push(await statusTrail(a, found[0]?.declarationId ?? ''));
    }
    // The same flow for every shipment, each status reached once: no job ran twice.
    const [trail] = trails;
    expect(trail?.at(-1)).toBe('Released');
    expect(new Set(trail).size).toBe(trail?.length);
    expect(trails.every((t) => JSON.stringify(t) === JSON.stringify(trail))).toBe(true);
  });
});
