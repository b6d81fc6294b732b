import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSubscriptionsSchema, eventLogPageSchema } from '../../contract/event-log.js';
import { LIVE_EVENT_TYPES } from '../../contract/live.js';
import { problemSchema } from '../../contract/problem.js';
import { subscriptionListSchema } from '../../contract/subscriptions.js';
import { freePort } from '../../server-kit/test-support/free-port.js';
// Integration test (docs/architecture.md section 7): the real sandbox delivers real webhooks to the real BFF.
import { startSandbox, type RunningSandbox } from '../../sandbox/test-support/start-sandbox.js';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../test-support/fake-identity-provider.js';
import { startBff, type RunningBff } from '../test-support/start-bff.js';

const TENANT = 't-acc-001';
let sandbox: RunningSandbox;
let idp: FakeIdentityProvider;
let bff: RunningBff;
let analyst: string;

/** token null: no Authorization header. */
const get = (path: string, token: string | null = analyst) =>
  fetch(`${bff.url}${path}`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });

const publish = (declarationId: string, status: string, reference: string) =>
  sandbox.ctx.events.publish({
    tenantId: TENANT,
    eventType: 'DeclarationStatusChanged',
    eventSubType: status,
    data: { id: declarationId, currentStatus: status, customsShipmentReference: reference },
  });

async function logPage(query: string) {
  const res = await get(`/api/events/log${query}`);
  expect(res.status).toBe(200);
  return eventLogPageSchema.parse(await res.json());
}

beforeAll(async () => {
  const [s, i, port] = await Promise.all([startSandbox({ seed: false }), startFakeIdentityProvider(), freePort()]);
  sandbox = s;
  idp = i;
  bff = await startBff(
    { UPSTREAM_BASE_URL: sandbox.url, USER_ISSUER: idp.issuer, USER_JWKS_URL: idp.jwksUrl, LIVE_EVENTS: 'on' },
    { port },
  );
  analyst = await idp.token({ roles: ['analyst'] });
  await bff.live.bootstrap?.whenSynced();
});

afterAll(async () => {
  await bff?.close();
  await idp?.close();
  await sandbox?.close();
});

describe('GET /api/events/log', () => {
  it('shows delivered events to every role, newest first, filtered and paged', async () => {
    await publish('d-log-1', 'Submitted', 'REF-LOG-1');
    await publish('d-log-1', 'Invalid', 'REF-LOG-1');
    await publish('d-log-2', 'Released', 'REF-LOG-2');
    await expect.poll(async () => (await logPage('?type=DeclarationStatusChanged')).events.length, { timeout: 15_000 }).toBe(3);

    const all = await logPage('?type=DeclarationStatusChanged');
    expect(new Set(all.events.map((e) => e.event.eventSubType))).toEqual(new Set(['Submitted', 'Invalid', 'Released']));
    const seqs = all.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));

    expect((await logPage('?subType=Invalid')).events.map((e) => e.event.data['id'])).toEqual(['d-log-1']);
    expect((await logPage('?reference=REF-LOG-2')).events.map((e) => e.event.eventSubType)).toEqual(['Released']);
    const first = await logPage('?declarationId=d-log-1&limit=1');
    expect(first.events).toHaveLength(1);
    const second = await logPage(`?declarationId=d-log-1&limit=1&before=${first.nextBefore ?? 0}`);
    expect(second.events).toHaveLength(1);
    expect(second.nextBefore).toBeNull();
    expect(second.events[0]?.seq).toBeLessThan(first.events[0]?.seq ?? 0);
  });

  it('answers a bad filter with a problem document and an anonymous caller with 401', async () => {
    const bad = await get('/api/events/log?from=yesterday');
    expect(bad.status).toBe(400);
    expect(problemSchema.parse(await bad.json()).status).toBe(400);
    expect((await get('/api/events/log', null)).status).toBe(401);
  });
});

describe('GET /api/live/subscriptions', () => {
  it("lists the ids of the BFF's own subscriptions, which the service lists too", async () => {
    const res = await get('/api/live/subscriptions');
    expect(res.status).toBe(200);
    const { ids } = consoleSubscriptionsSchema.parse(await res.json());
    expect(ids).toHaveLength(LIVE_EVENT_TYPES.length);
    const upstream = subscriptionListSchema.parse(await (await sandbox.call('/v1/subscriptions')).json()).map((s) => s.id);
    expect(upstream).toEqual(expect.arrayContaining(ids));
  });
});
