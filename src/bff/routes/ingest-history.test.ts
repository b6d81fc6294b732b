import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventEnvelopeSchema } from '../../contract/events.js';
import { ingestHistoryPageSchema } from '../../contract/ingest-history.js';
import { validShipment } from '../../sandbox/flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;

const env = (baseUrl: string): Record<string, string> => ({
  UPSTREAM_BASE_URL: baseUrl,
  UPSTREAM_TOKEN_URL: `${sandbox.url}/oauth2/v2.0/token`,
  UPSTREAM_CLIENT_SECRET: 'console-acc-secret',
  USER_ISSUER: idp.issuer,
  USER_JWKS_URL: idp.jwksUrl,
});

beforeAll(async () => {
  [sandbox, idp] = await Promise.all([startSandbox({ seed: false, timeScale: 1_000_000 }), startFakeIdentityProvider()]);
  bff = await startBff(env(sandbox.url));
});
afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

const get = async (target: RunningBff, query: string, roles: string[] = ['clerk']) =>
  fetch(`${target.url}/api/ingest-history${query}`, { headers: { authorization: `Bearer ${await idp.token({ roles })}` } });

/** Sends a shipment with no customs flow through the BFF; the sandbox answers with a CreationUnsuccessful event, which the BFF receives (as its webhook would store it). */
async function failingShipment(): Promise<string> {
  const body = validShipment();
  body.singleAdministrativeDocument = { ...body.singleAdministrativeDocument, declarationOfficeCode: 'IT223100' };
  const res = await fetch(`${bff.url}/api/v1/customsshipments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await idp.token({ roles: ['clerk'] })}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(202);
  const { referenceId } = z.object({ referenceId: z.string() }).parse(await res.json());
  await expect
    .poll(async () => (await sandbox.ctx.store.repos.ingestHistory.get(referenceId))?.outcome, { timeout: 30_000 })
    .toBe('Unsuccessful');
  for (const stored of await sandbox.ctx.store.repos.events.list({ eventType: 'CustomsShipmentInformation' })) {
    const envelope = eventEnvelopeSchema.parse(stored);
    if (JSON.stringify(envelope.data).includes(referenceId)) await bff.store.repos.eventInbox.receive(envelope);
  }
  return referenceId;
}

describe('GET /api/ingest-history', () => {
  it('gives clerks the sandbox history with each message outcome events, by ingestionReferences', async () => {
    const referenceId = await failingShipment();
    const res = await get(bff, '?type=CustomsShipment&outcome=Unsuccessful');
    expect(res.status).toBe(200);
    const page = ingestHistoryPageSchema.parse(await res.json());
    expect(page.source).toBe('service');
    const entry = page.entries.find((e) => e.referenceId === referenceId);
    expect(entry).toMatchObject({ channel: 'https', outcome: 'Unsuccessful', outcomeDetail: 'CreationUnsuccessful' });
    expect(entry?.outcomeEvents?.map((e) => e.event.eventSubType)).toEqual(['CreationUnsuccessful']);
  });

  it('refuses analysts and a bad query', async () => {
    expect((await get(bff, '', ['analyst'])).status).toBe(403);
    const bad = await get(bff, '?outcome=Maybe');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });

  it('against a service without the history endpoint (404), rebuilds the history from the events it received', async () => {
    const referenceId = await failingShipment();
    // A "real tenant": every path 404 (the token still comes from the sandbox's token endpoint).
    const service: Server = createServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"status":404}'),
    );
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const address = service.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const real = await startBff(env(`http://127.0.0.1:${port}`), { databaseUrl: bff.databaseUrl, dataDir: bff.dataDir });
    try {
      const page = ingestHistoryPageSchema.parse(await (await get(real, '?outcome=Unsuccessful')).json());
      expect(page.source).toBe('events');
      const entry = page.entries.find((e) => e.referenceId === referenceId);
      expect(entry).toMatchObject({
        channel: null,
        messageType: 'CustomsShipment',
        outcome: 'Unsuccessful',
        outcomeDetail: 'CreationUnsuccessful',
      });
      expect(entry?.errors[0]).toContain('IT');
      expect(ingestHistoryPageSchema.parse(await (await get(real, '?channel=ftps')).json()).entries).toEqual([]);
    } finally {
      await real.app.close();
      await new Promise((resolve) => service.close(resolve));
    }
  });
});
