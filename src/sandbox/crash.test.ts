import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declarationSearchResultSchema } from '../contract/declarations.js';
import { eventEnvelopeSchema } from '../contract/events.js';
import { tokenResponseSchema } from '../contract/oauth-token.js';
import { freePort } from '../server-kit/test-support/free-port.js';
import { eventually } from '../server-kit/test-support/eventually.js';
import { untilHealthy } from '../server-kit/test-support/until-healthy.js';
import { validShipment } from './flows/test-fixtures.js';
import { serviceScopeFor } from './identity/demo-clients.js';
import { startReceiver, type Receiver } from './subscriptions/test-receiver.js';
import { sandboxControl } from './test-support/start-sandbox.js';

/**
 * kill -9 of a sandbox process (its own node process, as `npm run sandbox` runs it) in the middle
 * of an ingestion burst with webhook deliveries in flight, then a restart on the same DATA_DIR.
 * The specification's contract: a 202 is a promise (every accepted message is processed, once),
 * and delivery is at least once (receivers de-duplicate on the envelope id): no event is lost;
 * an event may arrive twice only if its attempt was cut by the kill.
 */
const ADMIN_TOKEN = 'crash-test-admin-token-0123456789';
const BURST = 30;

interface Child {
  url: string;
  process: ChildProcess;
}

async function startChild(dataDir: string, port: number): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/server.ts'], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      DATA_DIR: dataDir,
      SANDBOX_DATABASE_URL: '',
      SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN,
      SANDBOX_RATE_LIMIT: '0',
      SANDBOX_ALLOW_LOOPBACK_WEBHOOKS: 'true',
      SANDBOX_TIME_SCALE: '1000',
      SANDBOX_SEED: 'false',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const url = `http://localhost:${port}`;
  try {
    await untilHealthy(child, url, 90_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { url, process: child };
}

function killHard(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
    child.process.once('exit', () => resolve());
    child.process.kill('SIGKILL');
  });
}

async function tokenOf(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'console-acc',
      client_secret: 'console-acc-secret',
      scope: serviceScopeFor('console-acc'),
    }),
  });
  return tokenResponseSchema.parse(await res.json()).access_token;
}

const deliveriesSchema = z.array(z.looseObject({ eventId: z.string(), status: z.string() }));

describe('crash and restart (kill -9)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-crash-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it(
    'processes every accepted shipment once and delivers every event, after a kill during ingestion and delivery',
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      let sandbox = await startChild(dataDir, port);
      cleanups.push(() => killHard(sandbox));
      // A receiver that records envelope ids and answers slowly, so deliveries are in flight at the kill.
      const hook: Receiver = await startReceiver(() => ({ delayMs: 30 }));
      cleanups.push(() => hook.close());
      const token = await tokenOf(sandbox.url);
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const subscribed = await fetch(`${sandbox.url}/v1/subscriptions`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          eventType: 'DeclarationStatusChanged',
          subscriptionDestination: { destinationType: 'OAuthApiDestination' },
          destinationDescription: { destinationUrl: `${hook.url}/hook` },
        }),
      });
      expect(subscribed.status).toBe(201);
      const subscriptionId = z.object({ id: z.string() }).parse(await subscribed.json()).id;

      // The burst: shipments one after another on a few connections, killed mid-way once events flow.
      const run = `CRASH-${Date.now()}`;
      const accepted: string[] = [];
      const sendAll = async (lane: number): Promise<void> => {
        for (let i = lane; i < BURST; i += 3) {
          const externalReference = `${run}-${i}`;
          const res = await fetch(`${sandbox.url}/v1/customsshipments`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify(validShipment({ externalReference })),
          }).catch(() => undefined);
          if (!res) return; // the process is gone
          if (res.status === 202) accepted.push(externalReference);
        }
      };
      const burst = Promise.all([0, 1, 2].map(sendAll));
      await eventually(
        async () => hook.received.length,
        (n) => n >= 5 && accepted.length >= 5,
        { what: 'events reaching the receiver', timeoutMs: 60_000, intervalMs: 100 },
      );
      await killHard(sandbox);
      await burst;
      const receivedBeforeKill = hook.received.length;
      expect(accepted.length).toBeGreaterThanOrEqual(5);

      sandbox = await startChild(dataDir, port);
      // Every accepted shipment becomes exactly one declaration.
      for (const externalReference of accepted) {
        const found = await eventually(
          async () =>
            declarationSearchResultSchema.parse(
              await (await fetch(`${sandbox.url}/v1/declarations/search?externalReference=${externalReference}`, { headers: auth })).json(),
            ),
          (d) => d.length > 0,
          { what: `a declaration for ${externalReference}`, timeoutMs: 60_000, intervalMs: 100 },
        );
        expect(found, externalReference).toHaveLength(1);
      }
      // Every event of the subscription is delivered; none is lost.
      const deliveries = await eventually(
        async () =>
          deliveriesSchema.parse(
            await (
              await sandboxControl(sandbox.url, ADMIN_TOKEN, `/_sandbox/deliveries?subscriptionId=${subscriptionId}&limit=1000`)
            ).json(),
          ),
        (d) => d.length > 0 && d.every((x) => x.status === 'delivered'),
        { what: 'every delivery done', timeoutMs: 60_000, intervalMs: 100 },
      );
      const receivedIds = hook.received.map((r) => eventEnvelopeSchema.parse(JSON.parse(r.text)).id);
      const unique = new Set(receivedIds);
      for (const d of deliveries) expect(unique.has(d.eventId), d.eventId).toBe(true);
      // At least once: duplicates only of attempts the kill cut short (at most one per event in flight then).
      const duplicates = receivedIds.length - unique.size;
      expect(duplicates).toBeLessThanOrEqual(Math.min(receivedBeforeKill, 32));
      console.info(
        `crash test: ${accepted.length} shipments accepted, ${deliveries.length} events delivered, ${duplicates} delivered twice`,
      );
    },
  );
});
