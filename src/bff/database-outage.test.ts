import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declarationSearchResultSchema } from '../contract/declarations.js';
import { problemSchema } from '../contract/problem.js';
import { integrationEngine } from '../server-kit/database/test-databases.js';
import { startThrowawayCluster, type ThrowawayCluster } from '../server-kit/database/throwaway-cluster.js';
import { eventually } from '../server-kit/test-support/eventually.js';
import { freePort } from '../server-kit/test-support/free-port.js';
// Integration test: the real sandbox and BFF on a PostgreSQL cluster of the test's own, which it terminates sessions on, stops and starts.
import { validShipment } from '../sandbox/flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from './test-support/fake-identity-provider.js';
import { openLiveStream, type LiveStream } from './test-support/live-stream.js';
import { startBff, type RunningBff } from './test-support/start-bff.js';

const SECRET = 'outage-test-webhook-secret-0123456789';
const TENANT = 't-acc-001';
const DATABASES = ['outage_sandbox', 'outage_bff'];

let cluster: ThrowawayCluster;
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let clerk: string;
let live: LiveStream;
let run = 0;

const readinessSchema = z.looseObject({
  checks: z.looseObject({ database: z.boolean() }).optional(),
  live: z.looseObject({ fanOut: z.string() }).optional(),
});

async function readiness(url: string): Promise<{ status: number; retryAfter: string | null; body: z.infer<typeof readinessSchema> }> {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: readinessSchema.parse(await res.json()) };
}

const waitUntil = async (what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> => {
  await eventually(probe, (ok) => ok, { what, timeoutMs, intervalMs: 100 });
};

/** Both servers ready again, and the BFF hears inbox notifications again (its LISTEN session is back). */
const bothReady = (): Promise<void> =>
  waitUntil('both servers ready', async () => {
    const [s, b] = await Promise.all([readiness(sandbox.url), readiness(bff.url)]);
    return s.status === 200 && b.status === 200 && b.body.live?.fanOut === 'listening';
  });

const postShipment = (externalReference: string): Promise<Response> =>
  sandbox.call('/v1/customsshipments', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validShipment({ externalReference })),
  });

async function declarationsOf(externalReference: string): Promise<number> {
  const res = await sandbox.call(`/v1/declarations/search?externalReference=${externalReference}`);
  expect(res.status).toBe(200);
  return declarationSearchResultSchema.parse(await res.json()).length;
}

/** A status change published by the service reaches the open /api/live stream: sandbox job, webhook, BFF inbox, fan-out. */
async function eventReachesLiveStream(): Promise<void> {
  const declarationId = `d-outage-${++run}`;
  await sandbox.ctx.events.publish({
    tenantId: TENANT,
    eventType: 'DeclarationStatusChanged',
    eventSubType: 'Released',
    data: { id: declarationId, currentStatus: 'Released', customsShipmentReference: 'CS-1', lrn: 'LRN-1' },
  });
  await live.waitFor((f) => f.data.includes(declarationId), 0, 60_000);
}

/** A 503 that tells the client when to come back, as a problem document. */
async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(problemSchema.parse(await res.json()).status).toBe(503);
}

describe.skipIf(integrationEngine() !== 'postgres')(
  'a PostgreSQL restart or failover (PostgreSQL only: SQLite has no connection to lose)',
  () => {
    beforeAll(async () => {
      cluster = await startThrowawayCluster();
      const [sandboxDb, bffDb] = await Promise.all(DATABASES.map((name) => cluster.createDatabase(name)));
      const port = await freePort();
      [sandbox, idp] = await Promise.all([
        startSandbox({ databaseUrl: sandboxDb, seed: false, timeScale: 1000, logLevel: 'error' }),
        startFakeIdentityProvider(),
      ]);
      bff = await startBff(
        { UPSTREAM_BASE_URL: sandbox.url, USER_ISSUER: idp.issuer, USER_JWKS_URL: idp.jwksUrl, LIVE_EVENTS: 'on', WEBHOOK_SECRET: SECRET },
        { port, databaseUrl: bffDb },
      );
      await bff.live.bootstrap?.whenSynced();
      clerk = await idp.token({ roles: ['clerk'] });
      live = await openLiveStream(bff.url, clerk);
      expect(live.status).toBe(200);
    }, 180_000);

    afterAll(async () => {
      live?.close();
      await bff?.close();
      await idp?.close();
      await sandbox?.close();
      await cluster?.destroy();
    });

    it(
      'rides out every session being terminated: both processes stay up and the next requests, jobs and live events go through',
      { timeout: 120_000 },
      async () => {
        const before = `OUTAGE-T-${Date.now()}`;
        expect((await postShipment(before)).status).toBe(202);
        await eventReachesLiveStream();

        // Idle pool connections, the job queue's and the BFF's LISTEN session: all of them.
        expect(await cluster.terminateSessions(DATABASES)).toBeGreaterThanOrEqual(3);

        await bothReady();
        const after = `OUTAGE-T2-${Date.now()}`;
        expect((await postShipment(after)).status).toBe(202);
        expect((await fetch(`${bff.url}/api/events/log`, { headers: { authorization: `Bearer ${clerk}` } })).status).toBe(200);
        await waitUntil(
          'both shipments processed',
          async () => (await declarationsOf(before)) === 1 && (await declarationsOf(after)) === 1,
        );
        await eventReachesLiveStream();
      },
    );

    it(
      'answers 503 with Retry-After while the server is down, reports it in /readyz, and resumes by itself with nothing accepted lost',
      { timeout: 240_000 },
      async () => {
        // Writes on three lanes all through the restart: each is either accepted (202) or refused with a 503.
        const prefix = `OUTAGE-R-${Date.now()}`;
        const accepted: string[] = [];
        const refused: string[] = [];
        const other: string[] = [];
        let loading = true;
        let sent = 0;
        const lane = async (): Promise<void> => {
          while (loading) {
            const externalReference = `${prefix}-${++sent}`;
            const res = await postShipment(externalReference);
            const text = await res.text();
            if (res.status === 202) accepted.push(externalReference);
            else if (res.status === 503 && res.headers.get('retry-after')) refused.push(externalReference);
            else other.push(`${externalReference}: ${res.status} ${text}`);
          }
        };
        const lanes = Promise.all([lane(), lane(), lane()]);
        await waitUntil('writes accepted before the stop', async () => accepted.length >= 3);

        await cluster.stop();
        await waitUntil('writes refused while the server is down', async () => refused.length >= 3);
        const [sandboxReady, bffReady] = await Promise.all([readiness(sandbox.url), readiness(bff.url)]);
        expect(sandboxReady.status).toBe(503);
        expect(Number(sandboxReady.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(bffReady.status).toBe(503);
        expect(bffReady.body.checks?.database).toBe(false);
        await expectUnavailable(await fetch(`${bff.url}/api/events/log`, { headers: { authorization: `Bearer ${clerk}` } }));
        // Alive all along: nothing should restart them.
        expect((await fetch(`${sandbox.url}/healthz`)).status).toBe(200);
        expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);

        await cluster.resume();
        await bothReady();
        const acceptedBeforeResume = accepted.length;
        await waitUntil('writes accepted again', async () => accepted.length >= acceptedBeforeResume + 3);
        loading = false;
        await lanes;

        expect(other).toEqual([]);
        // Acknowledged means stored: every accepted shipment is processed once; none refused was stored.
        await waitUntil(
          'every accepted shipment processed',
          async () => (await Promise.all(accepted.map(declarationsOf))).every((n) => n === 1),
          120_000,
        );
        for (const externalReference of refused) expect(await declarationsOf(externalReference), externalReference).toBe(0);
        await eventReachesLiveStream();
      },
    );
  },
);
